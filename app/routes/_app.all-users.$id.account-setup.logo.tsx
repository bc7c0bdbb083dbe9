/** A client's uploaded label logo (Business Details), for staff who may see the client. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { readAccountRow } from "~/services/account/sections.server";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { fileResponse, loadFile } from "~/services/files/store.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "account-setup.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const row = await readAccountRow(db, client.id);
  const file = row?.label_logo_file_id ? await loadFile(db, row.label_logo_file_id) : null;
  if (!file) throw new Response("This client has no uploaded logo.", { status: 404 });
  return fileResponse(file, "inline");
}
