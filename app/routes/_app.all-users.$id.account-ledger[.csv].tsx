/** The Account Ledger's CSV (decision 031): the entries of the chosen view (`?type=`), as on screen. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { searchParamsOf } from "~/services/http/query-params";
import { LEDGER_CSV_HEADER, ledgerViewOf } from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ledger.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = ledgerViewOf(searchParamsOf(request).get("type"));
  const { entries } = await accountLedger(db, client.id, view);
  const records = entries.map((e) => LEDGER_CSV_HEADER.map((f) => (e[f] === null ? "" : String(e[f]))));
  return streamedCsvAttachment(LEDGER_CSV_HEADER, records, `account-ledger-${client.id}-${view}.csv`);
}
