import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { csvAttachment } from "~/services/http/attachment.server";
import { NO_AUTH_TOKEN_MESSAGE, rateCardPermissions } from "~/services/ratecards/permissions";
import { clientRateCardCsv } from "~/services/ratecards/read.server";

/**
 * The sample CSV for the upload (docs/product.md §6: not for kam). The best sample is the
 * client's own card in the exact format the upload accepts, so it is that file under the
 * sample's name: edit the prices and upload it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  if (!rateCardPermissions(staff.role).canDownloadSample)
    throw new Response("You are not allowed to download the sample CSV.", { status: 403 });
  if (!client.auth_token) throw new Response(NO_AUTH_TOKEN_MESSAGE, { status: 409 });
  const file = await clientRateCardCsv(db, client.id);
  if (!file) throw new Response("Not found", { status: 404 });
  return csvAttachment(file.csv, "sample_ratecard.csv");
}
