/**
 * A client's Account Ledger (docs/product.md §2, §3 ledger entry, §4 ledger view filters, §7
 * live-user-account-ledger; decision 031): the Pending (default) / Cleared / Future toggle in the URL
 * (`?type=`), the client's cod and bill cycles of that view with their totals by direction and
 * the net line above them (decision 064), and the same as CSV. Works without JavaScript (the toggle is links). A finance approver records a
 * seller's payment against an open bill (decision 040): `?pay=<bill reference>` opens the
 * server-rendered Record Payment dialog; its post is the action.
 */
import "~/ui/plain-table-extras.css";

import { Anchor, Button, TextInput } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { dmy } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { AMOUNT_INPUT_MAX, billPaymentValidator, TRANSACTION_REFERENCE_MAX } from "~/services/money/bill-payment";
import { recordBillPayment } from "~/services/money/bill-payment.server";
import {
  isPayableBill,
  LEDGER_VIEW_LABELS,
  LEDGER_VIEWS,
  type LedgerAmountField,
  ledgerViewOf,
} from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";
import { postedValue } from "~/ui/account/parts";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { LedgerTotalsPanel } from "~/ui/money/LedgerTotals";
import { UrlDialog } from "~/ui/UrlDialog";

export const meta: MetaFunction = () => [{ title: "Account Ledger · Shipping Console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ledger.view", capabilities: true });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const query = searchParamsOf(request);
  const view = ledgerViewOf(query.get("type"));
  const ledger = await accountLedger(db, client.id, view);
  const canRecordPayment = can(staff, "bill.record-payment");
  const payingRef = canRecordPayment ? query.get("pay") : null;
  const paying = payingRef
    ? (ledger.entries.find((e) => e.reference_id === payingRef && isPayableBill(e)) ?? null)
    : null;
  return { clientId: client.id, view, ...ledger, canRecordPayment, paying };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "bill.record-payment" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = ledgerViewOf(searchParamsOf(request).get("type"));
  const read = await readForm(request, billPaymentValidator);
  if (!read.ok) return read.response;
  const { bill, amount, transaction_reference } = read.data;
  const result = await recordBillPayment(db, staff, {
    clientId: client.id,
    billReference: bill,
    amount,
    transactionReference: transaction_reference,
  });
  if (!result.ok) return failureAnswer(result, read.submitted);
  return redirectWithToast(request, `/all-users/${client.id}/account-ledger?type=${view}`, {
    kind: "success",
    message: result.cleared
      ? `Payment recorded: ${bill} is paid.`
      : `Payment recorded: ${formatInr(result.outstanding)} outstanding on ${bill}.`,
  });
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
  ["cashback_amount", "Cashback Credited"],
];

export default function AccountLedger() {
  const { clientId, view, entries, totals, canRecordPayment, paying } = useLoaderData<typeof loader>();
  const base = `/all-users/${clientId}/account-ledger`;
  const here = `${base}?type=${view}`;
  // A payment refused once its dialog can no longer open (the bill was paid meanwhile) says why here.
  const answer = useActionData<FormFailure>();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">
            Account Ledger
          </Title>
          <Text c="dimmed" size="sm">
            COD remittance cycles (cod) and billing cycles (bill) ·{" "}
            <Anchor component={Link} underline="always" to={`/all-users/${clientId}/cashback`}>
              Cashback statement
            </Anchor>
          </Text>
        </div>
        {/* The ledger's downloads and links to related statements, side by side. */}
        <Group gap="xs" data-testid="ledger-actions">
          <Button
            component="a"
            href={`${base}.csv?type=${view}`}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {answer?.message && !paying ? (
        <Text c="red.8" role="alert" data-testid="payment-refused">
          {answer.message}
        </Text>
      ) : null}
      <nav className="tab-nav" aria-label="Ledger view">
        {LEDGER_VIEWS.map((v) => (
          <Link key={v} to={`${base}?type=${v}`} aria-current={v === view ? "page" : undefined} preventScrollReset>
            {LEDGER_VIEW_LABELS[v]}
          </Link>
        ))}
      </nav>
      <LedgerTotalsPanel totals={totals} viewLabel={LEDGER_VIEW_LABELS[view]} />
      <Paper withBorder>
        <div className="table-scroll" role="region" aria-label="Ledger entries table" tabIndex={0}>
          {/* Native cells with the plain-table styles (as All Users and the rate tables): a
              ledger view lists every cycle of the view, 15 cells each. */}
          {/* Wide (decision 069): the reference sticks at the start, Payment at the end, amounts right-aligned. */}
          <table className="plain-table ledger-table" aria-label={`${LEDGER_VIEW_LABELS[view]} ledger entries`}>
            <thead>
              <tr>
                <th className="col-sticky-start">Reference ID</th>
                <th>Type</th>
                <th className="num">Orders</th>
                <th>Due Date</th>
                <th>Clearance Date</th>
                {AMOUNT_COLUMNS.map(([, label]) => (
                  <th key={label} className="num">
                    {label}
                  </th>
                ))}
                <th>Transaction Reference</th>
                <th>Remark</th>
                {canRecordPayment && <th className="col-sticky-end">Payment</th>}
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 ? (
                <tr>
                  <td colSpan={7 + AMOUNT_COLUMNS.length + (canRecordPayment ? 1 : 0)} className="empty-cell">
                    No {LEDGER_VIEW_LABELS[view].toLowerCase()} entries.
                  </td>
                </tr>
              ) : (
                entries.map((e, i) => (
                  // A week's cashback may be credited on two bills: the reference alone is not unique.
                  <tr key={`${e.reference_id}:${i}`} data-testid="ledger-row" data-ref={e.reference_id}>
                    <td className="nowrap col-sticky-start">{e.reference_id}</td>
                    <td>{e.type}</td>
                    <td className="num">{e.order_count}</td>
                    <td className="nowrap">{day(e.cycle_due_date)}</td>
                    <td className="nowrap">{day(e.clearance_date)}</td>
                    {AMOUNT_COLUMNS.map(([f]) => (
                      <td key={f} className="nowrap num">
                        {money(e[f])}
                      </td>
                    ))}
                    <td className="wrap-anywhere">{e.transaction_reference ?? "—"}</td>
                    <td>{e.remark ?? "—"}</td>
                    {canRecordPayment && (
                      <td className="nowrap col-sticky-end">
                        {isPayableBill(e) ? (
                          <Link
                            to={`${here}&pay=${encodeURIComponent(e.reference_id)}`}
                            preventScrollReset
                            aria-label={`Record payment against ${e.reference_id}`}
                          >
                            Record payment
                          </Link>
                        ) : null}
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              {/* No column totals: total_amount and outstanding mix both directions (the totals
                  by direction are above, decision 064). */}
              <tr data-testid="ledger-totals">
                <th scope="row" colSpan={7 + AMOUNT_COLUMNS.length + (canRecordPayment ? 1 : 0)}>
                  Total ({entries.length} {entries.length === 1 ? "entry" : "entries"})
                </th>
              </tr>
            </tfoot>
          </table>
        </div>
      </Paper>
      {paying && (
        <UrlDialog title="Record Payment" closeTo={here}>
          <PaymentForm bill={paying.reference_id} outstanding={paying.outstanding_amount!} to={here} />
        </UrlDialog>
      )}
    </Stack>
  );
}

/** The Record Payment dialog's form: the amount (the outstanding at first) and the transaction reference. */
function PaymentForm({ bill, outstanding, to }: { bill: string; outstanding: string; to: string }) {
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = answer?.fieldErrors ?? {};
  return (
    // Posted to the dialog's own URL: a refused payment comes back with the dialog still open.
    <Form method="post" action={`${to}&pay=${encodeURIComponent(bill)}`} preventScrollReset>
      <input type="hidden" name="bill" value={bill} />
      <Stack gap="sm">
        <Text size="sm">
          Bill {bill}: {money(outstanding)} outstanding.
        </Text>
        {answer?.message && !Object.keys(errors).length ? (
          <Text size="sm" c="red.8" role="alert">
            {answer.message}
          </Text>
        ) : null}
        <TextInput
          label="Amount paid (₹)"
          name="amount"
          inputMode="decimal"
          required
          maxLength={AMOUNT_INPUT_MAX}
          defaultValue={postedValue(answer, "amount") ?? outstanding}
          error={errors.amount}
        />
        <TextInput
          label="Transaction reference"
          name="transaction_reference"
          required
          maxLength={TRANSACTION_REFERENCE_MAX}
          defaultValue={postedValue(answer, "transaction_reference") ?? ""}
          error={errors.transaction_reference}
        />
        <Group justify="flex-end">
          <Button component={Link} to={to} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
