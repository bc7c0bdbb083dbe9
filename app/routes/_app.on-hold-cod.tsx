import type { MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { placeholderLoader } from "~/ui/placeholder-route";

export const meta: MetaFunction = () => [{ title: "On hold COD · Shipping Console" }];

export const loader = placeholderLoader("cod.view");

export default function Page() {
  return <NotBuiltYet title="On hold COD" feature="Holding and releasing COD remittances" />;
}
