import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { COURIER_PINCODES_COLUMNS, courierPincodeRecords } from "~/services/quote/quote.server";

/** One courier service's pincode list as CSV (docs/product.md §7 fetch-courier-pincode-list); All Couriers links here later. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "serviceability.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const courierId = Number(params.courierId);
  const list = Number.isSafeInteger(courierId) ? await courierPincodeRecords(db, client.id, courierId) : null;
  if (!list) throw new Response("This courier is not one of the client's couriers.", { status: 404 });
  const slug = list.service.name.replace(/[^A-Za-z0-9]+/g, "_");
  return streamedCsvAttachment(COURIER_PINCODES_COLUMNS, list.records, `pincodes_${slug}.csv`);
}
