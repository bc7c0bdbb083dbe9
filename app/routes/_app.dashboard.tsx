import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "Dashboard · Shipping Console" }];

export const loader = placeholderLoader("dashboard.view");

export default function Page() {
  return <NotBuiltYet title="Dashboard" feature="The growth dashboard" />;
}
