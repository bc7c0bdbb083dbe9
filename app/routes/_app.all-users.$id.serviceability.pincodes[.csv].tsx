import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { pincodeListSchema } from "~/services/quote/calculator-form";
import { SERVICEABLE_PINCODES_COLUMNS, serviceablePincodeRecords } from "~/services/quote/quote.server";

/**
 * Every destination pincode the client can ship to from `source_pincode`, streamed as CSV
 * (docs/product.md §7 fetch-user-serviceable-pincodes-api). A bad source goes back to the dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "serviceability.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const source = new URL(request.url).searchParams.get("source_pincode") ?? "";
  const back = (error?: string) =>
    redirect(
      `/all-users/${client.id}/serviceability?download=1&source_pincode=${encodeURIComponent(source)}${error ? `&error=${error}` : ""}`,
    );
  const parsed = pincodeListSchema.safeParse({ source_pincode: source });
  if (!parsed.success) return back();
  const records = await serviceablePincodeRecords(db, client.id, parsed.data.source_pincode);
  if (!records) return back("unknown");
  return streamedCsvAttachment(
    SERVICEABLE_PINCODES_COLUMNS,
    records,
    `serviceable_pincodes_${parsed.data.source_pincode}.csv`,
  );
}
