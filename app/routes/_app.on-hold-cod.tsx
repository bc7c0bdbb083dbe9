/**
 * On Hold COD (docs/product.md §2, §4 release flow, §5 release form, §6, §7 COD hold, §9; decision 031):
 * held COD remittances of the viewer's clients, searched by COD Ref ID, AWB No or Seller Email
 * over a date range with presets, 30 a page, all in the URL. 'Hold COD' on a row opens the
 * seller's On Hold Details (`?hold=id`); the finance approvers also get a Release column, row
 * selection (native checkboxes of a GET form) and a bulk Release that opens Release Details
 * (`?release=1&ids=…`). Every dialog renders on the server, so the whole flow works without
 * JavaScript (decision 031). The table is mantine-react-table in manual mode and the range a
 * @mantine/dates picker over native date fields, both loaded lazily once the page has hydrated
 * (CodList, DateRangeFields): the server's HTML is a plain table and native date fields.
 */
import "~/ui/money/money.css";

import { Alert, Button, NativeSelect, Textarea, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { dmy, istDayOf } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { TEXT_LIMITS } from "~/services/core/text-input";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import {
  COD_PRESET_LABELS,
  COD_PRESETS,
  COD_SEARCH_LABELS,
  COD_SEARCH_MODES,
  codSearch,
  type CodView,
  parseCodView,
  presetOf,
  presetRange,
} from "~/services/money/cod-query";
import { CUSTOMER_TYPE_LABELS } from "~/services/money/hold";
import { MAX_REASON_LENGTH, RELEASE_MESSAGES, releaseValidator } from "~/services/money/release-form";
import { holdDetails, listHeldRemittances, releaseRemittances } from "~/services/money/remittances.server";
import { postedValue } from "~/ui/account/parts";
import { DateRangeFields } from "~/ui/DateRangeFields";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { CodList } from "~/ui/money/CodList";
import { HoldDetailsPanel } from "~/ui/money/HoldDetails";
import { Pager } from "~/ui/Pager";
import { UrlDialog } from "~/ui/UrlDialog";

export const meta: MetaFunction = () => [{ title: "On Hold COD · Shipping Console" }];

function viewOrRefuse(params: URLSearchParams, today: string): CodView {
  const parsed = parseCodView(params, today);
  if (!parsed.ok)
    throw new Response(parsed.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return parsed.view;
}

const idOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.view", capabilities: true });
  const params = searchParamsOf(request);
  const today = istDayOf(new Date());
  const view = viewOrRefuse(params, today);
  const db = getDb();
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
  return { view, today, ...list, canRelease, hold, releaseIds, releaseAsked: params.get("release") === "1" };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "cod.release" });
  const read = await readForm(request, releaseValidator);
  if (!read.ok) return read.response;
  const result = await releaseRemittances(getDb(), staff, read.data);
  if (!result.ok) return failureAnswer(result, read.submitted);
  // Back to the list as it was, without the dialog and the selection.
  const back = new URL(request.url);
  back.searchParams.delete("release");
  back.searchParams.delete("ids");
  back.searchParams.delete("index");
  return redirectWithToast(request, `/on-hold-cod${back.search}`, { kind: "success", message: result.message });
}

export default function OnHoldCod() {
  const { view, today, rows, total, page, pages, canRelease, hold, releaseIds, releaseAsked } =
    useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>() ?? null;
  const navigation = useNavigation();
  const listHref = `/on-hold-cod${codSearch(view)}`;
  const chosen = presetOf(view, today);
  const downloadSearch = codSearch(view, { page: 1 });
  const releaseRows = rows.filter((r) => releaseIds.includes(r.id));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          On Hold COD
        </Title>
        <Text c="dimmed" size="sm">
          COD remittances finance is holding, cycles starting {dmy(view.from)} to {dmy(view.to)}
        </Text>
      </div>
      <Paper withBorder p="sm">
        <Form method="get" role="search" aria-label="Search held COD">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="by"
              label="Search by"
              defaultValue={view.by}
              key={`by${view.by}`}
              data={COD_SEARCH_MODES.map((m) => ({ value: m, label: COD_SEARCH_LABELS[m] }))}
              w={150}
            />
            <TextInput
              name="q"
              type="search"
              label="Search"
              placeholder="COD Ref ID, AWB No or Seller Email"
              defaultValue={view.q}
              key={`q${view.q}`}
              maxLength={TEXT_LIMITS.search}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1, minWidth: 220 }}
            />
            <DateRangeFields
              from={view.from}
              to={view.to}
              max={today}
              error={null}
              labels={{ from: "From", to: "To", range: "Cycles starting" }}
              required
            />
            <Button type="submit" variant="light">
              Search
            </Button>
            <Button
              component="a"
              href={`/on-hold-cod/download.xlsx${downloadSearch}`}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Excel Download
            </Button>
            <Button
              component="a"
              variant="default"
              href={`/on-hold-cod/cod-status.csv${downloadSearch}`}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              cod-status.csv
            </Button>
          </Group>
        </Form>
        <Group gap="xs" mt="sm" component="nav" aria-label="Date presets">
          {COD_PRESETS.map((p) => {
            const r = presetRange(p, today);
            return (
              <Button
                key={p}
                size="compact-sm"
                variant={chosen === p ? "filled" : "default"}
                component={Link}
                to={`/on-hold-cod${codSearch(view, { ...r, page: 1 })}`}
                aria-current={chosen === p ? "true" : undefined}
              >
                {COD_PRESET_LABELS[p]}
              </Button>
            );
          })}
        </Group>
      </Paper>
      {canRelease ? (
        <Form method="get" id="cod-select" className="visually-hidden" aria-hidden>
          {view.q ? (
            <>
              <input type="hidden" name="by" value={view.by} />
              <input type="hidden" name="q" value={view.q} />
            </>
          ) : null}
          <input type="hidden" name="from" value={view.from} />
          <input type="hidden" name="to" value={view.to} />
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <input type="hidden" name="release" value="1" />
        </Form>
      ) : null}
      {canRelease ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Select rows, then Release to release them together.
          </Text>
          <Button type="submit" form="cod-select" disabled={rows.length === 0}>
            Release selected
          </Button>
        </Group>
      ) : null}
      <Paper withBorder>
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
        noun={total === 1 ? "remittance" : "remittances"}
        hrefFor={(p) => `/on-hold-cod${codSearch(view, { page: p })}`}
      />
      {hold ? (
        <UrlDialog title={`On Hold Details · ${CUSTOMER_TYPE_LABELS[hold.figures.seller_type]}`} closeTo={listHref}>
          <HoldDetailsPanel details={hold} />
        </UrlDialog>
      ) : null}
      {canRelease && (releaseAsked || answer) ? (
        <UrlDialog title="Release Details" closeTo={listHref}>
          {releaseRows.length === 0 ? (
            <Alert color="red" role="alert">
              {answer?.message ?? RELEASE_MESSAGES.none}
            </Alert>
          ) : (
            <Form method="post" noValidate>
              <Stack gap="sm">
                {answer?.message ? (
                  <Alert color="red" role="alert">
                    {answer.message}
                  </Alert>
                ) : null}
                {answer?.fieldErrors?.ids ? (
                  <Alert color="red" role="alert">
                    {answer.fieldErrors.ids}
                  </Alert>
                ) : null}
                <Text size="sm">
                  Releasing {releaseRows.length === 1 ? "1 remittance" : `${releaseRows.length} remittances`}:{" "}
                  {releaseRows
                    .map((r) => `${r.pickrr_reference_id} (${formatInr(rupeesToPaise(r.pending_amount))})`)
                    .join(", ")}
                </Text>
                {releaseRows.map((r) => (
                  <input key={r.id} type="hidden" name="ids" value={r.id} />
                ))}
                <TextInput
                  name="approver_email"
                  type="email"
                  label="Approver Email"
                  defaultValue={postedValue(answer, "approver_email") ?? ""}
                  error={answer?.fieldErrors?.approver_email}
                  maxLength={TEXT_LIMITS.email}
                  autoComplete="email"
                  withAsterisk
                />
                <Textarea
                  name="approver_reason"
                  label="Approver Reason"
                  defaultValue={postedValue(answer, "approver_reason") ?? ""}
                  error={answer?.fieldErrors?.approver_reason}
                  maxLength={MAX_REASON_LENGTH}
                  autosize
                  minRows={2}
                  withAsterisk
                />
                <Group justify="flex-end">
                  <Button component={Link} to={listHref} variant="default" preventScrollReset>
                    Cancel
                  </Button>
                  <Button type="submit" loading={navigation.state === "submitting"}>
                    Release
                  </Button>
                </Group>
              </Stack>
            </Form>
          )}
        </UrlDialog>
      ) : null}
    </Stack>
  );
}
