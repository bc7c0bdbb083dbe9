/** One of a client's KYC documents, for staff who may see the client (served as an attachment). */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { KYC_DOCUMENTS, type KycDocument } from "~/services/account/forms";
import { getKyc, kycFileIds } from "~/services/account/kyc.server";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { fileResponse, loadFile } from "~/services/files/store.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "account-setup.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const doc = params.doc as KycDocument;
  const id = KYC_DOCUMENTS.includes(doc) ? kycFileIds(await getKyc(db, client.id))[doc] : undefined;
  const file = id ? await loadFile(db, id) : null;
  if (!file) throw new Response("This document does not exist.", { status: 404 });
  return fileResponse(file, "attachment");
}
