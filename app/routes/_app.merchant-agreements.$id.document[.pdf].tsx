/** A legal document's PDF for staff (decision 028): served inline as application/pdf from the file store. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { getDb } from "~/services/db/client.server";
import { fileResponse, loadFile } from "~/services/files/store.server";
import { legalDocumentFile } from "~/services/legal/publish.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "legal.view" });
  const db = getDb();
  const doc = await legalDocumentFile(db, Number(params.id));
  const file = doc.ok ? await loadFile(db, doc.fileId) : null;
  if (!file) throw new Response("No such legal document.", { status: 404 });
  return fileResponse(file, "inline");
}
