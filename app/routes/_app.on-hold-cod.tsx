/**
 * On Hold COD (docs/product.md §2, §4 release flow, §5 release form, §6, §7 COD hold, §9; decision 031):
 * held COD remittances of the viewer's clients, searched by COD Ref ID, AWB No or Seller Email
 * over a date range with presets, 30 a page, all in the URL. 'Hold COD' on a row opens the
 * seller's On Hold Details (`?hold=id`); the finance approvers also get a Release column, row
 * selection (native checkboxes of a GET form) and a bulk Release that opens Release Details
 * (`?release=1&ids=…`). Every dialog renders on the server, so the whole flow works without
 * JavaScript (decision 031). Above the table, the filter's totals; "Select all N matching" opens a
 * confirmation of the whole filter (`?release=all`) whose post releases exactly what it stated,
 * and the Released view (_app.on-hold-cod_.released.tsx) shows every release after the fact
 * (decision 066). The table is mantine-react-table in manual mode and the range a
 * @mantine/dates picker over native date fields, both loaded lazily once the page has hydrated
 * (CodList, DateRangeFields): the server's HTML is a plain table and native date fields.
 */
import "~/ui/money/money.css";

import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { dmy, istDayOf } from "~/services/core/ist-dates";
import { plural } from "~/services/core/plural";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { codListHref, parseCodView, refusedCodView } from "~/services/money/cod-query";
import { holdDetailsTitle } from "~/services/money/hold";
import { chosenRows, releaseAllValidator, releaseValidator } from "~/services/money/release-form";
import {
  holdDetails,
  listHeldRemittances,
  matchingHeld,
  releaseMatching,
  releaseRemittances,
} from "~/services/money/remittances.server";
import { Paper, Stack } from "~/ui/layout";
import { CodFilters } from "~/ui/money/CodFilters";
import { CodList } from "~/ui/money/CodList";
import { CodHeader, CodTotals, CodViewLinks } from "~/ui/money/CodViews";
import { HoldDetailsPanel } from "~/ui/money/HoldDetails";
import { ReleaseAllDialog } from "~/ui/money/ReleaseAllDialog";
import { CodSelectForm, ReleaseBar, ReleaseDialog } from "~/ui/money/ReleaseDetails";
import { Pager } from "~/ui/Pager";
import { UrlDialog } from "~/ui/UrlDialog";
import { useRowLinkNavigation } from "~/ui/useRowLinkNavigation";

export const meta: MetaFunction = () => [{ title: "On Hold COD · Shipping Console" }];

const idOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view", capabilities: true });
  const params = searchParamsOf(request);
  const today = istDayOf(new Date());
  const parsed = parseCodView(params, today);
  const db = getDb();
  // A refused URL re-renders the form as typed, the message by its field, over an empty table (400).
  if (!parsed.ok) {
    const refused = refusedCodView(params, today, parsed.message);
    const empty = { rows: [], total: 0, pending: "0.00", page: 1, pages: 1 };
    const none = { hold: null, releaseIds: [], releaseAsked: false, matching: null };
    return data(
      { view: refused.view, today, refused, ...empty, canRelease: can(staff, "cod.release"), ...none },
      { status: 400 },
    );
  }
  const view = parsed.view;
  const list = await listHeldRemittances(db, staff, view);
  const canRelease = can(staff, "cod.release");
  let hold = null;
  if (params.has("hold")) {
    const id = idOf(params.get("hold"));
    hold = id === null ? null : await holdDetails(db, staff, id);
    if (!hold)
      throw new Response("This COD remittance does not exist, or you do not have access to it.", { status: 404 });
  }
  // Release Details: the selected rows (from the selection form or a row's Release link).
  const releaseIds =
    canRelease && params.get("release") === "1"
      ? params
          .getAll("ids")
          .map(idOf)
          .filter((n): n is number => n !== null)
          .slice(0, 100)
      : [];
  // Select all matching: the whole filter's held remittances, counted, summed and fingerprinted.
  const matching = canRelease && params.get("release") === "all" ? await matchingHeld(db, staff, view) : null;
  return {
    view,
    today,
    refused: null,
    ...list,
    canRelease,
    hold,
    releaseIds,
    releaseAsked: params.get("release") === "1",
    matching,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.release" });
  const form = await request.formData();
  // Two forms: Release Details (the chosen ids) and the "select all matching" confirmation.
  const all = form.get("intent") === "release-all";
  const read = all ? await readForm(form, releaseAllValidator) : await readForm(form, releaseValidator);
  if (!read.ok) return read.response;
  const result =
    "confirmed" in read.data
      ? await releaseMatching(getDb(), staff, read.data)
      : await releaseRemittances(getDb(), staff, read.data);
  if (!result.ok) return failureAnswer(result, read.submitted);
  // Back to the list as it was, without the dialog and the selection.
  const back = new URL(request.url);
  for (const key of ["release", "ids", "index"]) back.searchParams.delete(key);
  return redirectWithToast(request, `/on-hold-cod${back.search}`, {
    kind: "success",
    message: result.message,
    ...(all && result.message.length > 80 ? { durationMs: 15_000 } : {}),
  });
}

export default function OnHoldCod() {
  const {
    view,
    today,
    refused,
    rows,
    total,
    pending,
    page,
    pages,
    canRelease,
    hold,
    releaseIds,
    releaseAsked,
    matching,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>() ?? null;
  const navigation = useNavigation();
  const listHref = codListHref(view);
  // The rows' links are plain anchors (cod-columns.tsx): one handler follows them in the app.
  const followRowLink = useRowLinkNavigation("a.row-link");
  return (
    <Stack gap="md">
      <CodHeader line={`COD remittances finance is holding, cycles starting ${dmy(view.from)} to ${dmy(view.to)}`}>
        <CodViewLinks current="held" heldHref={listHref} releasedHref="/on-hold-cod/released" />
      </CodHeader>
      <CodFilters view={view} today={today} refused={refused} />
      <CodTotals count={total} amount={pending} kind="held" />
      {canRelease ? <CodSelectForm id="cod-select" view={view} page={page} /> : null}
      {canRelease ? (
        <ReleaseBar
          form="cod-select"
          disabled={rows.length === 0}
          total={total}
          selectAllHref={`${codListHref(view, { page: 1 })}&release=all`}
        />
      ) : null}
      <Paper withBorder onClick={followRowLink}>
        <CodList
          key={`${listHref}:${total}:${releaseIds.join(",")}`}
          rows={rows}
          canRelease={canRelease}
          initiallySelected={releaseIds}
          listHref={listHref}
          selectForm="cod-select"
        />
      </Paper>
      <Pager
        page={page}
        pageCount={pages}
        total={total}
        noun={plural(total, "remittance", "remittances")}
        hrefFor={(p) => codListHref(view, { page: p })}
      />
      {hold ? (
        <UrlDialog title={holdDetailsTitle(hold.figures.seller_type)} closeTo={listHref}>
          <HoldDetailsPanel details={hold} />
        </UrlDialog>
      ) : null}
      {canRelease && matching ? (
        <ReleaseAllDialog
          view={view}
          matching={matching}
          answer={answer}
          closeTo={listHref}
          submitting={navigation.state === "submitting"}
        />
      ) : null}
      {canRelease && !matching && (releaseAsked || answer) ? (
        <ReleaseDialog
          rows={chosenRows(rows, releaseIds)}
          answer={answer}
          closeTo={listHref}
          submitting={navigation.state === "submitting"}
        />
      ) : null}
    </Stack>
  );
}
