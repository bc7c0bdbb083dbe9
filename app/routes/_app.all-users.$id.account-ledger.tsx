/**
 * A client's Account Ledger (spec part 2 §2, §3 ledger entry, §4 ledger view filters, §7
 * live-user-account-ledger; issue 17): the Pending (default) / Cleared / Future toggle in the URL
 * (`?type=`), the client's cod and bill cycles of that view with their totals at the foot, and
 * the same as CSV. Works without JavaScript (the toggle is links).
 */
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import "~/ui/money/ledger.css";
import { IconDownload } from "@tabler/icons-react";
import { dmy } from "~/services/analytics/periods";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { LEDGER_VIEW_LABELS, LEDGER_VIEWS, ledgerViewOf, type LedgerAmountField } from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";

export const meta: MetaFunction = () => [{ title: "Account Ledger · Shipping Console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ledger.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = ledgerViewOf(searchParamsOf(request).get("type"));
  const ledger = await accountLedger(db, client.id, view);
  return { clientId: client.id, view, ...ledger };
}

const money = (v: string | null) => (v === null ? "—" : formatInr(rupeesToPaise(v)));
const day = (v: string | null) => (v === null ? "—" : dmy(v));

const AMOUNT_COLUMNS: [LedgerAmountField, string][] = [
  ["total_amount", "Total Amount"],
  ["collected_cod_amount", "Collected COD"],
  ["outstanding_amount", "Outstanding"],
  ["freight_charge", "Freight Charge"],
  ["entry_tax", "Entry Tax"],
  ["kk_tax", "KK Tax"],
  ["service_tax", "Service Tax"],
  ["total_tax", "Total Tax"],
];

export default function AccountLedger() {
  const { clientId, view, entries, totals } = useLoaderData<typeof loader>();
  const base = `/all-users/${clientId}/account-ledger`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            Account Ledger
          </Title>
          <Text c="dimmed" size="sm">
            COD remittance cycles (cod) and billing cycles (bill)
          </Text>
        </div>
        <Button component="a" href={`${base}.csv?type=${view}`} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Download CSV
        </Button>
      </Group>
      <nav className="tab-nav" aria-label="Ledger view">
        {LEDGER_VIEWS.map((v) => (
          <Link key={v} to={`${base}?type=${v}`} aria-current={v === view ? "page" : undefined} preventScrollReset>
            {LEDGER_VIEW_LABELS[v]}
          </Link>
        ))}
      </nav>
      <Paper withBorder>
        <div className="table-scroll" role="region" aria-label="Ledger entries table" tabIndex={0}>
          {/* Native cells with the plain-table styles (as All Users and the rate tables): a
              ledger view lists every cycle of the view, 15 cells each. */}
          <table className="plain-table" aria-label={`${LEDGER_VIEW_LABELS[view]} ledger entries`}>
            <thead>
              <tr>
                <th>Type</th>
                <th>Reference ID</th>
                <th>Orders</th>
                <th>Due Date</th>
                <th>Clearance Date</th>
                {AMOUNT_COLUMNS.map(([, label]) => (
                  <th key={label}>{label}</th>
                ))}
                <th>Transaction Reference</th>
                <th>Remark</th>
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 ? (
                <tr>
                  <td colSpan={7 + AMOUNT_COLUMNS.length} className="empty-cell">
                    No {LEDGER_VIEW_LABELS[view].toLowerCase()} entries.
                  </td>
                </tr>
              ) : (
                entries.map((e, i) => (
                  // A week's cashback may be credited on two bills: the reference alone is not unique.
                  <tr key={`${e.reference_id}:${i}`} data-testid="ledger-row" data-ref={e.reference_id}>
                    <td>{e.type}</td>
                    <td className="nowrap">{e.reference_id}</td>
                    <td>{e.order_count}</td>
                    <td className="nowrap">{day(e.cycle_due_date)}</td>
                    <td className="nowrap">{day(e.clearance_date)}</td>
                    {AMOUNT_COLUMNS.map(([f]) => (
                      <td key={f} className="nowrap">
                        {money(e[f])}
                      </td>
                    ))}
                    <td className="nowrap">{e.transaction_reference ?? "—"}</td>
                    <td>{e.remark ?? "—"}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr data-testid="ledger-totals">
                <th scope="row" colSpan={5}>
                  Total ({entries.length} {entries.length === 1 ? "entry" : "entries"})
                </th>
                {AMOUNT_COLUMNS.map(([f]) => (
                  <td key={f} className="nowrap">
                    {money(totals[f])}
                  </td>
                ))}
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      </Paper>
    </Stack>
  );
}
