/**
 * The Basic / Premium sub-tab a browser last looked at (docs/product.md §2 "remembered per
 * browser"): a plain preference cookie, so the server renders the right tab on the first
 * request. The URL's `plan` parameter wins and updates the cookie.
 */
import { createCookie } from "@remix-run/node";

import { type AdvantagePlanType, isPlanType } from "../core/plans";

export const advantagePlanCookie = createCookie("console_advantage_plan", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readAdvantagePlanChoice(request: Request): Promise<AdvantagePlanType | null> {
  const value = await advantagePlanCookie.parse(request.headers.get("Cookie"));
  return isPlanType(value) ? value : null;
}
