import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { LIST_FIELDS, type ListField } from "~/services/courier-setup/select-rule-form";
import { selectRuleListEntries } from "~/services/courier-setup/select-rules.server";
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
  const ruleId = Number(params.ruleId);
  const field = params.list as ListField;
  if (!Number.isSafeInteger(ruleId) || ruleId <= 0 || !(LIST_FIELDS as readonly string[]).includes(field))
    throw new Response("This list does not exist.", { status: 404 });
  const list = await selectRuleListEntries(db, client.id, ruleId, field);
  if (!list) throw new Response("This rule does not exist.", { status: 404 });
  const slug = list.name.replace(/[^A-Za-z0-9]+/g, "_").slice(0, 60);
  return streamedCsvAttachment([field === "product_list" ? "product" : "pincode"], list.entries.map((e) => [e]), `${slug}_${field}.csv`);
}
