// `/` is the sign-in page for signed-out visitors (docs/product.md §2); signed-in staff are sent on.
export { action, default, loader, meta } from "./sign-in";
