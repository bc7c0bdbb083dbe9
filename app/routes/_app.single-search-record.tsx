import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "Search results · Shipping Console" }];

export const loader = placeholderLoader("orders.search");

export default function Page() {
  return <NotBuiltYet title="Search results" feature="Single order search" />;
}
