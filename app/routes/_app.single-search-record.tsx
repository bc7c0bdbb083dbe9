/**
 * Single Search Record (docs/product.md §2): what the header search found — orders, or for
 * Seller Email the sellers — within the clients the staff may see, 50 to a page. The search,
 * the page and the Charged Amount Details dialog (`?charged=<order id>`) are all in the URL.
 */
import "~/ui/orders/search-results.css";

import { Alert } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { plural } from "~/services/core/plural";
import { getDb } from "~/services/db/client.server";
import { readForm } from "~/services/http/form-errors.server";
import {
  ORDER_NOT_FOUND,
  orderIdOf,
  parseSearch,
  SEARCH_TYPE_LABELS,
  syncTrackingValidator,
} from "~/services/orders/search";
import { orderForViewer, searchRecords } from "~/services/orders/search.server";
import { syncTracking, TRACING_SYNCED } from "~/services/orders/sync.server";
import { ChargedAmountDialog } from "~/ui/ChargedAmount";
import { Stack, Title } from "~/ui/layout";
import { orderRowHtml, sellerRowHtml, SYNC_FORM_ID } from "~/ui/orders/search-rows";
import { Pager } from "~/ui/Pager";
import { ScrollTable } from "~/ui/ScrollTable";
import { sentRows } from "~/ui/sent-rows";

export const meta: MetaFunction = () => [{ title: "Search results · Shipping Console" }];

/** This page with the search and `extra` (page, charged) in its URL. */
function searchHref(search: { type: string; q: string } | null, extra: Record<string, string> = {}) {
  return `/single-search-record?${new URLSearchParams({ type: search?.type ?? "", q: search?.q ?? "", ...extra })}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.search" });
  const url = new URL(request.url);
  const parsed = parseSearch(url.searchParams.get("type"), url.searchParams.get("q"));
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  const db = getDb();
  const chargedId = orderIdOf(url.searchParams.get("charged"));
  const chargedOrder = chargedId ? await orderForViewer(db, staff, chargedId) : null;
  if (!parsed.ok) return { error: parsed.message, result: null, search: null, chargedOrder };
  const search = { type: parsed.type, q: url.searchParams.get("q") ?? "" };
  const found = await searchRecords(db, staff, parsed, page);
  // The rows as HTML text (ui/orders/search-rows.ts: 50 orders of ~30 elements each were most of
  // the page's server render), sent once (decision 098): the page needs no copy of their fields.
  const html =
    found.kind === "orders"
      ? found.rows
          .map((o) => orderRowHtml(o, (id) => searchHref(search, { page: String(found.page), charged: id })))
          .join("")
      : found.rows.map(sellerRowHtml).join("");
  const { rows: _rows, ...summary } = found;
  return { error: null, result: { ...summary, rows: sentRows(context, html) }, search, chargedOrder };
}

/** Sync Tracking on a result row (docs/product.md §2): re-applies the order's scans, then back to the same results. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.search" });
  // A hidden field only: an order that is not there (or not the viewer's) is the error boundary's 404.
  const read = await readForm(request, syncTrackingValidator);
  const synced = read.ok ? await syncTracking(getDb(), staff, read.data.order) : null;
  if (!synced) throw new Response(ORDER_NOT_FOUND, { status: 404 });
  return redirectWithToast(request, `/single-search-record${new URL(request.url).search}`, {
    kind: "success",
    message: TRACING_SYNCED,
  });
}

/** "1 order", "37 orders", "more than 1,000 orders" (the count stops at the cap), "2 sellers". */
function summaryCount(result: { kind: "orders" | "sellers"; total: number; more?: boolean }) {
  const [one, many] = result.kind === "sellers" ? ["seller", "sellers"] : ["order", "orders"];
  if (result.more) return `more than ${result.total.toLocaleString("en-IN")} ${many}`;
  return `${result.total.toLocaleString("en-IN")} ${plural(result.total, one, many)}`;
}

export default function SingleSearchRecord() {
  const { error, result, search, chargedOrder } = useLoaderData<typeof loader>();
  const here = (extra: Record<string, string> = {}) => searchHref(search, extra);
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
      {result?.kind === "sellers" && result.total > 0 ? (
        <ScrollTable
          label="Sellers"
          headers={["Seller Email", "Sales POC", "Retention POC", "Ops POC"]}
          empty=""
          rows={result.rows}
        />
      ) : null}
      {result?.kind === "orders" && result.total > 0 ? (
        <div className="orders-table">
          {/* Sync Tracking: every row's button submits this one form (search-rows.ts). */}
          <Form id={SYNC_FORM_ID} method="post" preventScrollReset />
          <ScrollTable
            label="Orders"
            headers={[
              "Order Details",
              "Courier Details",
              "Status Update",
              "Item Details",
              "Payment Details",
              "Customer Address",
              "POC",
            ]}
            empty=""
            rows={result.rows}
          />
        </div>
      ) : null}
      {result && result.total > 0 ? (
        <Pager
          page={result.page}
          pageCount={result.pages}
          total={result.total}
          more={result.kind === "orders" && result.more}
          hrefFor={(p) => here({ page: String(p) })}
          noun={result.kind}
        />
      ) : null}
      {chargedOrder ? (
        <ChargedAmountDialog order={chargedOrder} closeTo={here({ page: String(result?.page ?? 1) })} />
      ) : null}
    </Stack>
  );
}
