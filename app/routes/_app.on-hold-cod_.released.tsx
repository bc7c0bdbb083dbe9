/**
 * On Hold COD's Released view (decision 066, docs/product.md §7 COD hold): every release a finance
 * approver made from the list — COD Ref ID, seller, amount, approver, reason, time and the e-mail
 * the seller was sent — filtered by the day released and by approver, newest first, 30 a page,
 * with the filter's totals and its Excel download; everything in the URL, nothing needing
 * JavaScript. A release deletes nothing: these are the remittances themselves, released.
 */
import "~/ui/money/money.css";

import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { dmy, istDayOf } from "~/services/core/ist-dates";
import { plural } from "~/services/core/plural";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { approverChoices, listReleased } from "~/services/money/released.server";
import { parseReleasedView, refusedReleasedView, releasedHref } from "~/services/money/released-query";
import { Paper, Stack } from "~/ui/layout";
import { CodHeader, CodTotals, CodViewLinks } from "~/ui/money/CodViews";
import { ReleasedFilters } from "~/ui/money/ReleasedFilters";
import { ReleasedTable } from "~/ui/money/ReleasedTable";
import { Pager } from "~/ui/Pager";

export const meta: MetaFunction = () => [{ title: "Released COD · On Hold COD · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view" });
  const today = istDayOf(new Date());
  const parsed = parseReleasedView(searchParamsOf(request), today);
  const db = getDb();
  // A refused URL re-renders the form as typed, the message by its field, over an empty table (400).
  if (!parsed.ok) {
    const refused = refusedReleasedView(searchParamsOf(request), today, parsed.message);
    const approvers = await approverChoices(db, refused.view.approver);
    const empty = { rows: [], total: 0, amount: "0.00", page: 1, pages: 1 };
    return data({ view: refused.view, today, refused, approvers, ...empty }, { status: 400 });
  }
  const { view } = parsed;
  const [list, approvers] = await Promise.all([listReleased(db, staff, view), approverChoices(db, view.approver)]);
  return { view, today, refused: null, approvers, ...list };
}

export default function ReleasedCod() {
  const { view, today, refused, approvers, rows, total, amount, page, pages } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <CodHeader line={`COD remittances released by finance approvers, ${dmy(view.from)} to ${dmy(view.to)}`}>
        <CodViewLinks current="released" heldHref="/on-hold-cod" releasedHref={releasedHref(view, { page: 1 })} />
      </CodHeader>
      <ReleasedFilters view={view} today={today} approvers={approvers} refused={refused} />
      <CodTotals count={total} amount={amount} kind="released" />
      <Paper withBorder>
        <ReleasedTable rows={rows} />
      </Paper>
      <Pager
        page={page}
        pageCount={pages}
        total={total}
        noun={plural(total, "release", "releases")}
        hrefFor={(p) => releasedHref(view, { page: p })}
      />
    </Stack>
  );
}
