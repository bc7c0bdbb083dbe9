import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { attachmentResponse } from "~/services/http/attachment.server";
import { clientRateCardPdf } from "~/services/ratecards/pdf.server";
import { NO_AUTH_TOKEN_MESSAGE } from "~/services/ratecards/permissions";

/** The client's rate card as a readable PDF (docs/product.md §7 download-ratecard-pdf). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  if (!client.auth_token) throw new Response(NO_AUTH_TOKEN_MESSAGE, { status: 409 });
  const file = await clientRateCardPdf(db, client);
  if (!file) throw new Response("Not found", { status: 404 });
  return attachmentResponse(file.pdf, file.fileName, "application/pdf");
}
