/** Per-browser display preferences kept in a plain cookie so the server renders them right. */
import { createCookie } from "@remix-run/node";

export const sidebarCookie = createCookie("console_sidebar", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  const value = await sidebarCookie.parse(request.headers.get("Cookie"));
  return value === "collapsed";
}
