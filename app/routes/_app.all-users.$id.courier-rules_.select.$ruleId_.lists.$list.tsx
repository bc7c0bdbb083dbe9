import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { selectRuleListFile } from "~/services/courier-setup/select-editor.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";

/**
 * One product or pincode list of a Pickrr Select rule as a one-column CSV (the editor shows a
 * long list as a summary and links here). The header is the one the list upload skips, so the
 * file uploads back as it is.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "select-rule.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const file = await selectRuleListFile(db, client.id, params.ruleId, params.list);
  if (!file.ok) throw new Response(file.message, { status: file.status });
  return streamedCsvAttachment(file.header, file.rows, file.filename);
}
