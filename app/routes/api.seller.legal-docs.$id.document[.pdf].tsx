/** A legal document's PDF for the seller it is addressed to (decision 028); 404 for any other seller. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { fileResponse, loadFile } from "~/services/files/store.server";
import { legalDocumentFile } from "~/services/legal/publish.server";
import { sellerMayRead } from "~/services/legal/seller.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const seller = await requireClientToken(request);
  const db = getDb();
  const doc = await legalDocumentFile(db, /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0);
  const file = doc.ok && (await sellerMayRead(db, seller.id, doc)) ? await loadFile(db, doc.fileId) : null;
  if (!file)
    return Response.json({ err: "No such legal document." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return fileResponse(file, "inline");
}
