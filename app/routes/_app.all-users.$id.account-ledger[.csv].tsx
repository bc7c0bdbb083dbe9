/**
 * The Account Ledger's CSV (decisions 031, 064): the totals by direction and the net line of the
 * chosen view (`?type=`) head the file — the same figures as the page, from ledgerTotals — then a
 * blank line, then its entries (dates YYYY-MM-DD, amounts plain decimals).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { streamedCsvAttachment } from "~/services/http/csv-stream.server";
import { searchParamsOf } from "~/services/http/query-params";
import { LEDGER_CSV_HEADER, ledgerCsvHead, ledgerCsvRecords, ledgerViewOf } from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ledger.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = ledgerViewOf(searchParamsOf(request).get("type"));
  const { entries, totals } = await accountLedger(db, client.id, view);
  return streamedCsvAttachment(
    LEDGER_CSV_HEADER,
    ledgerCsvRecords(entries),
    `account-ledger-${client.id}-${view}.csv`,
    ledgerCsvHead(totals),
  );
}
