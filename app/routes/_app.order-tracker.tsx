import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "Order Tracker · Shipping Console" }];

export const loader = placeholderLoader("orders.track");

export default function Page() {
  return <NotBuiltYet title="Order Tracker" feature="Order tracking (daily stats and performance)" />;
}
