import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "Finance Analytics · Shipping Console" }];

export const loader = placeholderLoader("finance-analytics.request");

export default function Page() {
  return <NotBuiltYet title="Finance Analytics" feature="The e-mailed financial analysis" />;
}
