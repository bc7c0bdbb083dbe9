/**
 * Single Search Record (spec part 2 §2): what the header search found — orders, or for
 * Seller Email the sellers — within the clients the staff may see, 50 to a page. The search,
 * the page and the Charged Amount Details dialog (`?charged=<order id>`) are all in the URL.
 */
import { Alert } from "@mantine/core";
import { Stack, Title } from "~/ui/layout";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/services/auth/guard.server";
import { istDateTimeLabel } from "~/services/clients/dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { getDb } from "~/services/db/client.server";
import { parseSearch, SEARCH_TYPE_LABELS } from "~/services/orders/search";
import { orderForViewer, searchRecords } from "~/services/orders/search.server";
import { isOrderStatus, STATUS_LABELS } from "~/services/orders/status";
import { ChargedAmountDialog } from "~/ui/ChargedAmount";
import "~/ui/orders/search-results.css";
import { Pager } from "~/ui/Pager";
import { ScrollTable } from "~/ui/ScrollTable";

export const meta: MetaFunction = () => [{ title: "Search results · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.search" });
  const url = new URL(request.url);
  const parsed = parseSearch(url.searchParams.get("type"), url.searchParams.get("q"));
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  const db = getDb();
  const charged = url.searchParams.get("charged");
  const chargedOrder = charged && /^[A-Z0-9]{1,20}$/.test(charged) ? await orderForViewer(db, staff, charged) : null;
  if (!parsed.ok) return { error: parsed.message, result: null, search: null, chargedOrder };
  const result = await searchRecords(db, staff, parsed, page);
  return { error: null, result, search: { type: parsed.type, q: url.searchParams.get("q") ?? "" }, chargedOrder };
}

const person = (p: { name: string; email: string } | null) => (p ? `${p.name} (${p.email})` : "—");
const rupees = (v: string) => formatInr(rupeesToPaise(v));

/** "1 order", "37 orders", "more than 1,000 orders" (the count stops at the cap), "2 sellers". */
function summaryCount(result: { kind: "orders" | "sellers"; total: number; more?: boolean }) {
  const noun = result.kind === "sellers" ? "seller" : "order";
  if (result.more) return `more than ${result.total.toLocaleString("en-IN")} ${noun}s`;
  return `${result.total.toLocaleString("en-IN")} ${noun}${result.total === 1 ? "" : "s"}`;
}

export default function SingleSearchRecord() {
  const { error, result, search, chargedOrder } = useLoaderData<typeof loader>();
  const here = (extra: Record<string, string> = {}) => `/single-search-record?${new URLSearchParams({ type: search?.type ?? "", q: search?.q ?? "", ...extra })}`;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Search results
      </Title>
      {error ? (
        <Alert color="orange" role="status" data-testid="search-error">
          {error}
        </Alert>
      ) : null}
      {search && result ? (
        <p className="search-summary" data-testid="search-summary">
          {summaryCount(result)} for {SEARCH_TYPE_LABELS[search.type]} “{search.q}”
        </p>
      ) : null}
      {result && result.total === 0 ? (
        <Alert color="gray" role="status" data-testid="search-empty">
          Nothing found. Check the {search ? SEARCH_TYPE_LABELS[search.type] : "value"}, or choose another search type.
        </Alert>
      ) : null}
      {/* Native cells (ScrollTable), not Mantine's Table.*: 50 rows × 7 cells were most of the page's server render. */}
      {result?.kind === "sellers" && result.total > 0 ? (
        <ScrollTable
          label="Sellers"
          headers={["Seller Email", "Sales POC", "Retention POC", "Ops POC"]}
          empty=""
          rows={result.rows.map((s) => (
            <tr key={s.id} data-testid="seller-result">
              <td>
                <Link className="action-link" to={`/all-users/${s.id}`}>
                  {s.email}
                </Link>
              </td>
              <td>{person(s.sales)}</td>
              <td>{person(s.retention)}</td>
              <td>{person(s.ops)}</td>
            </tr>
          ))}
        />
      ) : null}
      {result?.kind === "orders" && result.total > 0 ? (
        <div className="orders-table">
          <ScrollTable
            label="Orders"
            headers={["Order Details", "Courier Details", "Status Update", "Item Details", "Payment Details", "Customer Address", "POC"]}
            empty=""
            rows={result.rows.map((o) => (
              <tr key={o.id} data-testid="order-result">
                <td>
                  <Link className="action-link" to={`/orders/${o.pickrr_order_id}`}>
                    {o.pickrr_order_id}
                  </Link>
                  <div>{o.pickrr_tracking_id}</div>
                </td>
                <td>
                  <div>{o.courier_name}</div>
                  <div className="muted">{o.courier_tracking_id}</div>
                </td>
                <td>
                  <div>Placed on {istDateTimeLabel(o.placed_at)}</div>
                  <div>Picked on {o.pickup_at ? istDateTimeLabel(o.pickup_at) : "—"}</div>
                  <div>
                    <b>{isOrderStatus(o.current_status) ? STATUS_LABELS[o.current_status] : o.current_status}</b>
                  </div>
                  <div>EDD {o.edd_stamp}</div>
                  {o.promise_edd && o.promise_edd !== "None" ? <div>Promise EDD {o.promise_edd}</div> : null}
                </td>
                <td>
                  {o.items.map((i) => (
                    <div key={i.sku}>
                      {i.name} × {i.quantity} <span className="muted">({i.sku})</span>
                    </div>
                  ))}
                </td>
                <td>
                  <div>Invoice {rupees(o.invoice_value)}</div>
                  <span className={`pay-badge ${o.payment_mode === "cod" ? "pay-cod" : "pay-prepaid"}`}>{o.payment_mode === "cod" ? "COD" : "Prepaid"}</span>
                  {o.payment_mode === "cod" ? <div>COD {rupees(o.cod_amount)}</div> : null}
                  <Link className="action-link" to={here({ page: String(result.page), charged: o.pickrr_order_id })} preventScrollReset>
                    View Charged Weight
                  </Link>
                </td>
                <td className="wrap-anywhere">
                  <span data-testid="customer-name">{o.customer_name}</span>, <span data-testid="customer-phone">{o.customer_phone}</span>
                  <div className="muted">
                    {o.customer_address}, {o.drop_state} {o.drop_pincode}
                  </div>
                </td>
                <td>
                  <div>Sales: {o.sales?.name ?? "—"}</div>
                  <div>Retention: {o.retention?.name ?? "—"}</div>
                  <div>Ops: {o.ops?.name ?? "—"}</div>
                </td>
              </tr>
            ))}
          />
        </div>
      ) : null}
      {result && result.total > 0 ? (
        <Pager page={result.page} pageCount={result.pages} total={result.total} more={result.kind === "orders" && result.more} hrefFor={(p) => here({ page: String(p) })} noun={result.kind} />
      ) : null}
      {chargedOrder ? <ChargedAmountDialog order={chargedOrder} closeTo={here({ page: String(result?.page ?? 1) })} /> : null}
    </Stack>
  );
}
