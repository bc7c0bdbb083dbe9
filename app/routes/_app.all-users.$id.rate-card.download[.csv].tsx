import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { csvAttachment } from "~/services/http/attachment.server";
import { NO_AUTH_TOKEN_MESSAGE } from "~/services/ratecards/permissions";
import { clientRateCardCsv } from "~/services/ratecards/read.server";

/** The client's rate card as the CSV the upload accepts (download → edit → upload round-trips). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  if (!client.auth_token) throw new Response(NO_AUTH_TOKEN_MESSAGE, { status: 409 });
  const file = await clientRateCardCsv(db, client.id);
  if (!file) throw new Response("Not found", { status: 404 });
  return csvAttachment(file.csv, file.fileName);
}
