// `/all-users/{id}` opens the Rate Card tab.
export { default, loader } from "./_app.all-users.$id.rate-card";
