/**
 * A client's cashback statement (decision 067; docs/product.md §2.6, §2.18): for a seller on an
 * activated Advantage Premium plan, one cycle at a time (`?cycle=` the week's Monday, `?page=`),
 * each late or returned order the tracking ingestion credited — EDD, the day it settled, the breach
 * reason, freight, cashback computed and credited, the Account Ledger line it went to — and the
 * cycle's totals against the configured max liability. Without Premium, a sentence. Read-only;
 * the cycle choice is a GET form and the pages are links, so it all works without JavaScript.
 */
import "~/ui/small-table.css";
import "~/ui/plain-table-extras.css";

import { Anchor, Button, NativeSelect } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { dmy } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { NOT_PREMIUM_SENTENCE, statementHref, statementQueryOf } from "~/services/money/cashback-statement";
import { cashbackStatement } from "~/services/money/cashback-statement.server";
import { LEDGER_VIEW_LABELS } from "~/services/money/ledger";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { ScrollTable } from "~/ui/ScrollTable";

export const meta: MetaFunction = () => [{ title: "Cashback Statement · Shipping Console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ledger.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const statement = await cashbackStatement(db, client.id, statementQueryOf(searchParamsOf(request)));
  return { clientId: client.id, statement };
}

const money = (v: string) => formatInr(rupeesToPaise(v));
const HEADERS = [
  "Order",
  "EDD",
  "Delivered / RTO on",
  "Breach reason",
  "Freight",
  "Cashback computed",
  "Cashback credited",
  "Ledger line",
];

export default function CashbackStatementPage() {
  const { clientId, statement } = useLoaderData<typeof loader>();
  const ledger = `/all-users/${clientId}/account-ledger`;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Cashback Statement
        </Title>
        <Text c="dimmed" size="sm">
          Advantage Premium cashback on late deliveries and returns, by cycle ·{" "}
          <Anchor component={Link} underline="always" to={`/all-users/${clientId}/rate-card/advantage?plan=premium`}>
            Advantage settings
          </Anchor>{" "}
          ·{" "}
          <Anchor component={Link} underline="always" to={ledger}>
            Account Ledger
          </Anchor>
        </Text>
      </div>
      {!statement.premium ? (
        <Text data-testid="cashback-not-premium">{NOT_PREMIUM_SENTENCE}</Text>
      ) : statement.cycle === null ? (
        <Text data-testid="cashback-none">
          Premium since {statement.activated_on ? dmy(statement.activated_on) : "—"}: no late delivery or return has
          earned cashback yet.
        </Text>
      ) : (
        <>
          <Form method="get" aria-label="Choose a cycle">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="cycle"
                label="Cycle (week)"
                defaultValue={statement.cycle.start}
                key={statement.cycle.start}
                data={statement.cycles.map((c) => ({
                  value: c.start,
                  label: `${dmy(c.start)} – ${c.reference} · ${c.orders} ${c.orders === 1 ? "order" : "orders"} · ${money(c.credited)}`,
                }))}
              />
              <Button type="submit" variant="default">
                Show
              </Button>
            </Group>
          </Form>
          <Paper withBorder p="sm">
            <table className="small-table small-table-compact" aria-label="Cycle summary" data-testid="cycle-summary">
              <tbody>
                <tr>
                  <th scope="row">Cycle</th>
                  <td>
                    {dmy(statement.cycle.start)} (bill {statement.cycle.reference})
                  </td>
                </tr>
                <tr>
                  <th scope="row">Orders credited</th>
                  <td data-testid="cycle-orders">{statement.cycle.orders}</td>
                </tr>
                <tr>
                  <th scope="row">Cashback computed</th>
                  <td data-testid="cycle-computed">{money(statement.cycle.computed)}</td>
                </tr>
                <tr>
                  <th scope="row">Cashback credited</th>
                  <td data-testid="cycle-credited">{money(statement.cycle.credited)}</td>
                </tr>
                <tr>
                  <th scope="row">Max cashback liability</th>
                  <td data-testid="cycle-max">{money(statement.max_liability)}</td>
                </tr>
                <tr>
                  <th scope="row">Remaining liability</th>
                  <td data-testid="cycle-remaining">
                    {money(statement.cycle.remaining)}
                    {statement.cycle.capped > 0
                      ? ` (the max liability cut ${statement.cycle.capped} ${statement.cycle.capped === 1 ? "credit" : "credits"})`
                      : ""}
                  </td>
                </tr>
              </tbody>
            </table>
          </Paper>
          <ScrollTable
            label="Credited orders"
            headers={HEADERS}
            empty="No credited orders in this cycle."
            rows={statement.rows.map((r) => (
              <tr key={r.order_id} data-testid="cashback-row" data-order={r.pickrr_order_id}>
                <td className="nowrap">
                  <Link to={`/orders/${r.order_id}`}>{r.pickrr_order_id}</Link>
                </td>
                <td className="nowrap">{dmy(r.edd)}</td>
                <td className="nowrap">{dmy(r.settled_on)}</td>
                <td>{r.reason}</td>
                <td className="nowrap">{money(r.freight)}</td>
                <td className="nowrap">{money(r.computed)}</td>
                <td className="nowrap">{money(r.credited)}</td>
                <td className="nowrap">
                  <Link to={`${ledger}?type=${r.ledger_view}`} data-testid="ledger-link">
                    {r.ledger_line}
                  </Link>{" "}
                  ({LEDGER_VIEW_LABELS[r.ledger_view]}
                  {r.applied_bill ? `, on ${r.applied_bill}` : ""})
                </td>
              </tr>
            ))}
          />
          <Pager
            page={statement.page}
            pageCount={statement.pages}
            total={statement.cycle.orders}
            noun="credited orders"
            hrefFor={(page) => statementHref(clientId, { cycle: statement.cycle!.start, page })}
          />
        </>
      )}
    </Stack>
  );
}
