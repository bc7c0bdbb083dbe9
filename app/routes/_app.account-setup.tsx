import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "Account Setup · Shipping Console" }];

export const loader = placeholderLoader("legal.view");

export default function Page() {
  return <NotBuiltYet title="Account Setup" feature="Legal account setup (Pickrr Configuration, Blocked Users)" />;
}
