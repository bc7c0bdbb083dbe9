import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useFormContext, ValidatedForm } from "remix-validated-form";
import { getAdvantageView, getPlanRateCard, saveCashbackSettings, updatePlanRateRow } from "~/services/advantage/advantage.server";
import { cashbackFormSchema, cashbackFormValues } from "~/services/advantage/cashback-form";
import { CHANGES_SAVED, NOT_ABLE_TO_UPDATE_SETTINGS, advantagePermissions } from "~/services/advantage/plans";
import { PLAN_LABELS, PLAN_NAME_OF, PLAN_TYPE_OF, isPlanName, type AdvantagePlanName } from "~/services/core/plans";
import { advantagePlanCookie, readAdvantagePlanChoice } from "~/services/advantage/preference.server";
import { istDateTimeLabel } from "~/services/clients/dates";
import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { formError } from "~/services/http/form-errors.server";
import { deliverSoon } from "~/services/mail/outbox.server";
import { DELIVERY_TYPE_LABELS, RATE_FIELD_LABELS, RATE_TABS, TAB_LABELS, rateValuesOf, type CardRow } from "~/services/ratecards/fields";
import { DELIVERY_TYPES, RATE_FIELDS, type RateField } from "~/services/core/rate-fields";
import { rateCardPermissions } from "~/services/ratecards/permissions";
import { getClientRateCard, updateRateRow } from "~/services/ratecards/ratecards.server";
import { NOT_ABLE_TO_UPDATE_RATE_CARD, rateRowFormSchema, rateValuesSchema, SOME_FIELD_NOT_VALID } from "~/services/ratecards/row-form";
import { parseRateCardView, rateCardViewSearch, type CardTab } from "~/services/ratecards/view-query";
import { AdvantagePlans } from "~/ui/AdvantagePlans";
import { AdvantageSettings, CASHBACK_FORM_ID } from "~/ui/AdvantageSettings";
import { RateCardToolbar } from "~/ui/RateCardToolbar";
import { RatePanels } from "~/ui/RatePanels";
import { RateTable, type RateTableRow } from "~/ui/RateTable";
import { UrlDialog } from "~/ui/UrlDialog";
import { logServerError } from "~/services/core/server-log";

/** The client's courier-wise rate card and its Pickrr Advantage plans (spec part 1 §2 "Courier-wise plan and Advantage"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const view = parseRateCardView(url.searchParams);
  const permissions = rateCardPermissions(staff.role);
  // The Pickrr Advantage tab shows plan cards only: the courier-wise card is not loaded for it.
  const card =
    view.tab === "advantage" ? null : await getClientRateCard(db, client.id, { showAll: view.showAll, onlyTab: view.tab as Exclude<CardTab, "advantage"> });
  if (view.tab !== "advantage" && !card) throw new Response("This client has no rate card.", { status: 404 });
  const editRowId = permissions.canEditRates ? view.editRowId : null;

  let advantage = null;
  const headers = new Headers();
  if (view.tab === "advantage") {
    // The Basic / Premium choice: the URL says, else this browser's last choice, else Basic.
    const remembered = await readAdvantagePlanChoice(request);
    if (!view.plan) {
      url.searchParams.set("plan", remembered ?? "basic");
      throw redirect(url.pathname + url.search);
    }
    if (remembered !== view.plan) headers.append("Set-Cookie", await advantagePlanCookie.serialize(view.plan));
    const planName = PLAN_NAME_OF[view.plan];
    const loaded = await getAdvantageView(db, client.id, planName);
    const adv = advantagePermissions(staff.role);
    const stateOf = (name: AdvantagePlanName) => ({ offered: loaded.states?.[name].offered ?? false, active: loaded.states?.[name].active ?? false });
    advantage = {
      plan: view.plan,
      planName,
      permissions: adv,
      errors: loaded.errors,
      statesLoaded: loaded.states !== null,
      turnaround: loaded.turnaround,
      states: { basic: stateOf("advantage_basic"), premium: stateOf("advantage_premium") },
      applyDefault: loaded.card?.applyDefault ?? true,
      sections: RATE_TABS.flatMap((tab) =>
        DELIVERY_TYPES.map((d) => ({ key: `${tab}-${d}`, delivery: d, label: `${TAB_LABELS[tab]} · ${DELIVERY_TYPE_LABELS[d]}`, panels: loaded.card?.panels[tab][d] ?? [] })),
      ),
      cashback: loaded.cashback ? { values: cashbackFormValues(loaded.cashback.settings), version: loaded.cashback.version, configured: loaded.cashback.configured } : null,
    };
  }
  // Only what the tables show: the page's HTML and its serialised data scale with the rows.
  const sections =
    view.tab === "advantage" || !card || card.hasUploadedRateCard
      ? null
      : DELIVERY_TYPES.map((d) => ({
          delivery: d,
          label: DELIVERY_TYPE_LABELS[d],
          // The RTO tab holds Forward RTO and Reverse RTO rows: a Price Type column tells them apart.
          identity: view.tab === "rto" ? ("price-type" as const) : undefined,
          panels: card.panels[view.tab as Exclude<CardTab, "advantage">][d].map((p) => ({ key: p.key, title: p.title, couriers: p.couriers.map(tableRow) })),
        }));
  return data(
    {
      clientId: client.id,
      hasAuthToken: Boolean(client.auth_token),
      view: { ...view, editRowId: view.tab === "advantage" ? (advantage?.permissions.canEditPlanRates ? view.editRowId : null) : editRowId },
      permissions,
      sections,
      advantage,
      uploaded: card?.hasUploadedRateCard
        ? { rows: card.rows.filter((r) => view.showAll || r.is_active).map(uploadedRow), lastUpload: card.lastUpload }
        : null,
    },
    { headers },
  );
}

/** A panel table's row: the prices, and the price type the RTO tab labels. */
function tableRow(r: CardRow): RateTableRow {
  const row = { id: r.id, courier_name: r.courier_name, is_active: r.is_active, version: r.version, shipment_type: r.shipment_type } as RateTableRow;
  for (const f of RATE_FIELDS) (row as Record<RateField, string | number>)[f] = r[f];
  return row;
}

/** The uploaded-card list is one table: each row carries what tells it apart. */
function uploadedRow(r: CardRow): RateTableRow {
  return { ...tableRow(r), delivery_type: r.delivery_type, first_slab: r.first_slab, second_slab: r.second_slab };
}

/** Document requests carry the loader's Set-Cookie (the remembered plan sub-tab). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cookie = loaderHeaders.get("Set-Cookie");
  return cookie ? { "Set-Cookie": cookie } : new Headers();
};

type FieldErrors = Partial<Record<RateField, string>>;
/** A plan row edit (Pickrr Advantage tab) says which plan, and whether the editor saw the plan's defaults. */
type PlanTarget = { plan: AdvantagePlanName; applyDefault: boolean };
type ActionData =
  | { kind: "invalid"; rowId: number; values: Partial<Record<RateField, string>>; errors: FieldErrors; message: string; plan?: PlanTarget }
  | { kind: "confirm"; rowId: number; version: number; courier: string; values: Record<RateField, string>; old: Record<RateField, string>; plan?: PlanTarget }
  | { kind: "conflict"; rowId: number; message: string; current: Record<RateField, string>; courier: string; plan?: PlanTarget }
  | { kind: "error"; message: string }
  | { kind: "settings-error"; message: string; values: Record<string, string> | null };

const ROW_INTENTS = ["preview", "save", "plan-preview", "plan-save"];
/** The browser checks the prices only; the action checks the whole form again (rateRowFormSchema). */
const rateValuesValidator = withZod(rateValuesSchema);
const cashbackValidator = withZod(cashbackFormSchema);

/** The text fields of a submitted form, to refill it. */
function submittedTexts(submitted: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries((submitted ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function rawValues(form: FormData): Partial<Record<RateField, string>> {
  return Object.fromEntries(RATE_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Partial<Record<RateField, string>>;
}

/** Where a successful change returns: the same view, out of edit mode. */
function backTo(request: Request): string {
  const back = new URL(request.url);
  back.searchParams.delete("edit");
  return back.pathname + back.search;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  // Premium Advantage Settings (cashback).
  if (intent === "cashback") {
    if (!advantagePermissions(staff.role).canEditCashback) throw new Response("Only a vp can change advantage settings.", { status: 403 });
    const result = await cashbackValidator.validate(form);
    if (result.error) return formError(result.error, result.submittedData);
    let saved: Awaited<ReturnType<typeof saveCashbackSettings>> | null = null;
    try {
      saved = await saveCashbackSettings(db, staff, { clientId: client.id, plan: "advantage_premium", version: result.data.version, settings: result.data.settings });
    } catch (error) {
      // A failed save (the database, say) is the spec's 'Not able to update settings', not an error page.
      logServerError(error, `Advantage Settings not saved (client ${client.id})`);
    }
    if (saved?.ok) return redirectWithToast(request, backTo(request), { kind: "success", message: CHANGES_SAVED });
    // The form keeps what was typed (a no-JS page is re-rendered from this), except after a
    // conflict, where it shows the values someone else saved.
    const typed = saved?.status === 409 ? null : submittedTexts(result.submittedData);
    const message = saved ? `${NOT_ABLE_TO_UPDATE_SETTINGS}. ${saved.message}` : NOT_ABLE_TO_UPDATE_SETTINGS;
    return data<ActionData>({ kind: "settings-error", message, values: typed }, { status: saved?.status ?? 500 });
  }

  // A rate row edit: the client's courier-wise card, or (plan-*) a plan card on the Pickrr Advantage tab.
  if (!ROW_INTENTS.includes(intent)) throw new Response("Unknown action.", { status: 400 });
  const isPlan = intent.startsWith("plan-");
  if (isPlan ? !advantagePermissions(staff.role).canEditPlanRates : !rateCardPermissions(staff.role).canEditRates) {
    throw new Response("Only a vp can change rates.", { status: 403 });
  }
  let plan: PlanTarget | undefined;
  if (isPlan) {
    const name = String(form.get("plan") ?? "");
    if (!isPlanName(name)) throw new Response("Unknown plan.", { status: 400 });
    plan = { plan: name, applyDefault: form.get("apply_default") === "true" };
  }

  const parsed = rateRowFormSchema.safeParse(Object.fromEntries(form));
  const rowId = Number(form.get("rowId"));
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as FieldErrors;
    return data<ActionData>({ kind: "invalid", rowId, values: rawValues(form), errors, message: SOME_FIELD_NOT_VALID, plan }, { status: 400 });
  }
  const { rowId: _r, version, ...values } = parsed.data;

  if (intent === "preview" || intent === "plan-preview") {
    const rows = plan ? (await getPlanRateCard(db, client.id, plan.plan)).rows : (await getClientRateCard(db, client.id, { showAll: true }))?.rows;
    const row = rows?.find((r) => r.id === parsed.data.rowId);
    if (!row) return data<ActionData>({ kind: "error", message: "This rate row was not found." }, { status: 404 });
    return data<ActionData>({ kind: "confirm", rowId: row.id, version, courier: row.courier_name, values, old: rateValuesOf(row), plan });
  }

  const result = plan
    ? await updatePlanRateRow(db, staff, { rowId: parsed.data.rowId, clientId: client.id, plan: plan.plan, applyDefault: plan.applyDefault, version, values })
    : await updateRateRow(db, staff, { rowId: parsed.data.rowId, clientId: client.id, version, values });
  if (result.ok) {
    deliverSoon(db);
    return redirectWithToast(request, backTo(request), { kind: "success", message: "Updated Successfully" });
  }
  if (result.status === 409 && "conflict" in result) {
    return data<ActionData>(
      {
        kind: "conflict",
        rowId: result.current.id,
        message: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${result.message}`,
        current: rateValuesOf(result.current),
        courier: result.current.courier_name,
        plan,
      },
      { status: 409 },
    );
  }
  return data<ActionData>({ kind: "error", message: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${result.message}` }, { status: result.status });
}

const TAB_LINKS: { tab: CardTab; label: string }[] = [
  { tab: "forward", label: "Forward Shipping" },
  { tab: "reverse", label: "Reverse Logistics Shipment" },
  { tab: "rto", label: "RTO" },
];

function ValuesDiff({ old, next }: { old: Record<RateField, string>; next: Record<RateField, string> }) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="New values beside the old ones">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {RATE_FIELDS.map((f) => {
          const changed = old[f] !== next[f];
          return (
            <Table.Tr key={f} data-changed={changed || undefined}>
              <Table.Td>{RATE_FIELD_LABELS[f]}</Table.Td>
              <Table.Td>
                {changed ? (
                  <>
                    <Text span fw={700} data-testid={`new-${f}`}>
                      {next[f]}
                    </Text>{" "}
                    <Text span c="dimmed" td="line-through" aria-label={`was ${old[f]}`}>
                      {old[f]}
                    </Text>
                  </>
                ) : (
                  next[f]
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Remix skips reloading after an error answer; a 409 (someone else changed the row or the
 * settings) must reload, so the page shows the values now stored.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function ClientRateCard() {
  const { clientId, view, permissions, sections, uploaded, hasAuthToken, advantage } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData | { fieldErrors: Record<string, string>; repopulateFields?: Record<string, string>; formId?: string }>();
  const base = `/all-users/${clientId}/rate-card`;
  const here = `${base}${rateCardViewSearch(view)}`;
  const editFormId = "rate-row-edit";
  const rowData = actionData && "kind" in actionData ? actionData : undefined;
  const editRowId = rowData && "rowId" in rowData && rowData.kind !== "conflict" ? rowData.rowId : view.editRowId;
  const canEditShown = advantage ? advantage.permissions.canEditPlanRates : permissions.canEditRates;
  const shownSections = advantage ? advantage.sections : sections;
  const editing =
    canEditShown && editRowId
      ? {
          rowId: editRowId,
          formId: editFormId,
          values: rowData?.kind === "invalid" ? rowData.values : rowData?.kind === "confirm" ? rowData.values : {},
          errors: rowData?.kind === "invalid" ? rowData.errors : {},
          cancelHref: `${base}${rateCardViewSearch(view, { editRowId: null })}`,
          validated: true,
        }
      : null;
  // A plan row edit posts which plan, and whether the editor saw the plan's defaults (first-edit mode).
  const planFields = advantage ? { plan: advantage.planName, apply_default: String(advantage.applyDefault) } : null;
  const confirmPlan = rowData?.kind === "confirm" ? rowData.plan : undefined;
  const cashbackServerInvalid = !!actionData && "fieldErrors" in actionData && (actionData.formId === undefined || actionData.formId === CASHBACK_FORM_ID);
  const cashbackTyped =
    cashbackServerInvalid && actionData && "repopulateFields" in actionData
      ? actionData.repopulateFields
      : rowData?.kind === "settings-error"
        ? rowData.values
        : null;
  const cashbackValues = advantage?.cashback && cashbackTyped ? { ...advantage.cashback.values, ...cashbackTyped } : advantage?.cashback?.values;

  const editHref = (rowId: number) => `${base}${rateCardViewSearch(view, { editRowId: rowId })}`;
  // One search string for every row's weight slab link (a big card has hundreds of rows).
  const slabSearch = rateCardViewSearch(view, { editRowId: null });
  const slabLinks = permissions.canEditWeightSlabs
    ? (row: RateTableRow) => [
        {
          to: `${base}/weight-slab${withParam(slabSearch, "row", row.id)}`,
          label: "Slab",
          ariaLabel: `Edit weight slab of ${row.courier_name}`,
        },
      ]
    : undefined;

  const alerts = (
    <>
      {rowData?.kind === "invalid" ? (
        <Alert color="red" role="alert" title={rowData.message} data-testid="rate-error">
          Correct the highlighted fields and save again.
        </Alert>
      ) : null}
      {rowData?.kind === "error" ? (
        <Alert color="red" role="alert" data-testid="rate-error">
          {rowData.message}
        </Alert>
      ) : null}
      {rowData?.kind === "conflict" ? (
        <Alert color="orange" role="alert" title="Not saved" data-testid="rate-conflict">
          <Stack gap="xs">
            <Text size="sm">{rowData.message}</Text>
            <Text size="sm" fw={600}>
              Current values for {rowData.courier}:
            </Text>
            <Text size="sm" ff="monospace">
              {RATE_FIELDS.map((f) => `${RATE_FIELD_LABELS[f]} ${rowData.current[f]}`).join(" · ")}
            </Text>
            <Anchor component={Link} to={`${base}${rateCardViewSearch(view, { editRowId: rowData.rowId })}`} reloadDocument size="sm">
              Edit the current values
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {editing && rowData?.kind !== "invalid" ? <ClientInvalidNotice formId={editFormId} /> : null}
      {editing ? (
        // The row's inputs (in the table, form="rate-row-edit") are checked in the browser with the
        // action's own price rules; without JavaScript the action checks them and answers 400.
        <ValidatedForm validator={rateValuesValidator} method="post" id={editFormId} action={here} preventScrollReset>
          <input type="hidden" name="intent" value={planFields ? "plan-preview" : "preview"} />
          <input type="hidden" name="rowId" value={editing.rowId} />
          <input type="hidden" name="version" value={rowVersion(shownSections, uploaded?.rows, editing.rowId)} />
          {planFields ? (
            <>
              <input type="hidden" name="plan" value={planFields.plan} />
              <input type="hidden" name="apply_default" value={planFields.apply_default} />
            </>
          ) : null}
        </ValidatedForm>
      ) : null}
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <nav className="tab-nav" aria-label="Rate card plans" style={{ borderBottom: "none" }}>
          <Link to={`${base}${rateCardViewSearch(view, { tab: "forward", editRowId: null })}`} aria-current={view.tab !== "advantage" ? "page" : undefined}>
            Courier Wise Plan
          </Link>
          <Link to={`${base}${rateCardViewSearch(view, { tab: "advantage", editRowId: null })}`} aria-current={view.tab === "advantage" ? "page" : undefined}>
            Pickrr Advantage
          </Link>
        </nav>
        <RateCardToolbar base={base} search={rateCardViewSearch(view, { editRowId: null })} hasAuthToken={hasAuthToken} permissions={permissions} historyOnly={Boolean(advantage)} />
      </Group>

      {advantage ? (
        <>
          {advantage.errors.map((message) => (
            <Alert key={message} color="red" role="alert" data-testid="advantage-load-error">
              {message}
            </Alert>
          ))}
          {alerts}
          <AdvantagePlans
            plan={advantage.plan}
            planHref={(p) => `${base}${rateCardViewSearch(view, { plan: p, editRowId: null })}`}
            switchHref={`${base}/advantage-plan${rateCardViewSearch(view, { editRowId: null })}`}
            states={advantage.states}
            turnaround={advantage.turnaround}
            canOffer={advantage.permissions.canOfferPlans && advantage.statesLoaded}
            canEditRates={advantage.permissions.canEditPlanRates}
            sections={advantage.sections}
            applyDefault={advantage.applyDefault}
            editing={editing}
            editHref={(rowId) => `${base}${rateCardViewSearch(view, { editRowId: rowId })}`}
            settings={
              advantage.cashback && cashbackValues ? (
                <AdvantageSettings
                  key={advantage.cashback.version}
                  action={`${base}${rateCardViewSearch(view, { editRowId: null })}`}
                  values={cashbackValues}
                  version={advantage.cashback.version}
                  canEdit={advantage.permissions.canEditCashback}
                  serverInvalid={cashbackServerInvalid}
                  message={rowData?.kind === "settings-error" ? rowData.message : null}
                />
              ) : null
            }
          />
        </>
      ) : uploaded ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Uploaded rate card
            </Title>
            {uploaded.lastUpload ? (
              <Text size="sm" c="dimmed">
                {uploaded.lastUpload.file_name} · {uploaded.lastUpload.row_count} rows · uploaded{" "}
                {istDateTimeLabel(uploaded.lastUpload.at)}
                {uploaded.lastUpload.uploaded_by ? ` by ${uploaded.lastUpload.uploaded_by.name}` : ""}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Anchor component={Link} size="sm" to={`${base}${rateCardViewSearch(view, { showAll: !view.showAll, editRowId: null })}`} preventScrollReset>
                {view.showAll ? "Show active couriers only" : "Show all couriers"}
              </Anchor>
            </Group>
            {alerts}
            {uploaded.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                No {view.showAll ? "" : "active "}couriers on this rate card.
              </Text>
            ) : (
              <RateTable
                rows={uploaded.rows}
                caption="Uploaded rate card"
                identity="full"
                operation={permissions.canEditRates}
                editing={editing}
                editHref={editHref}
                rowLinks={slabLinks}
              />
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <nav className="tab-nav" aria-label="Shipment types">
            {TAB_LINKS.map((t) => (
              <Link
                key={t.tab}
                to={`${base}${rateCardViewSearch(view, { tab: t.tab, editRowId: null })}`}
                aria-current={view.tab === t.tab ? "page" : undefined}
                preventScrollReset
              >
                {t.label}
              </Link>
            ))}
          </nav>
          <Group justify="space-between">
            {view.tab === "reverse" ? (
              <Text size="sm" c="dimmed">
                RTO is charged as forward.
              </Text>
            ) : (
              <span />
            )}
            <Anchor component={Link} size="sm" to={`${base}${rateCardViewSearch(view, { showAll: !view.showAll, editRowId: null })}`} preventScrollReset>
              {view.showAll ? "Show active couriers only" : "Show all couriers"}
            </Anchor>
          </Group>

          {alerts}

          {sections ? (
            <RatePanels
              sections={sections}
              showAll={view.showAll}
              operation={permissions.canEditRates}
              editing={editing}
              editHref={editHref}
              rowLinks={slabLinks}
            />
          ) : null}
        </>
      )}

      {/* Child routes render their dialogs here: upload, apply-segment, rto-from-forward, weight-slab, history, advantage-plan. */}
      <Outlet />

      {rowData?.kind === "confirm" ? (
        <UrlDialog title="Confirm rate update" closeTo={`${base}${rateCardViewSearch(view, { editRowId: rowData.rowId })}`}>
          <Stack gap="sm">
            <Text size="sm">
              Update the rates of <b>{rowData.courier}</b>
              {confirmPlan ? ` on the ${PLAN_LABELS[PLAN_TYPE_OF[confirmPlan.plan]]} plan` : ""}? New values are shown beside the old ones, struck
              through.
            </Text>
            {confirmPlan?.applyDefault ? (
              <Text size="sm" c="dimmed">
                This is the first edit: the plan&apos;s default rates are copied for this client first.
              </Text>
            ) : null}
            <ValuesDiff old={rowData.old} next={rowData.values} />
            <Form method="post" action={here} preventScrollReset>
              <input type="hidden" name="intent" value={confirmPlan ? "plan-save" : "save"} />
              <input type="hidden" name="rowId" value={rowData.rowId} />
              <input type="hidden" name="version" value={rowData.version} />
              {confirmPlan ? (
                <>
                  <input type="hidden" name="plan" value={confirmPlan.plan} />
                  <input type="hidden" name="apply_default" value={String(confirmPlan.applyDefault)} />
                </>
              ) : null}
              {RATE_FIELDS.map((f) => (
                <input key={f} type="hidden" name={f} value={rowData.values[f]} />
              ))}
              <Group justify="flex-end">
                <Button component={Link} to={`${base}${rateCardViewSearch(view, { editRowId: rowData.rowId })}`} variant="default">
                  Cancel
                </Button>
                <Button type="submit">Confirm</Button>
              </Group>
            </Form>
          </Stack>
        </UrlDialog>
      ) : null}
    </Stack>
  );
}

/** The version of the row being edited, as the editor saw it (panels, or the uploaded-card list). */
function rowVersion(
  sections: { panels: { couriers: { id: number; version: number }[] }[] }[] | null,
  uploadedRows: { id: number; version: number }[] | undefined,
  rowId: number,
): number | string {
  for (const s of sections ?? []) for (const p of s.panels) for (const c of p.couriers) if (c.id === rowId) return c.version;
  for (const r of uploadedRows ?? []) if (r.id === rowId) return r.version;
  return "";
}

/** With JavaScript, an invalid Save is refused in the browser: the spec's toast text, at once. */
function ClientInvalidNotice({ formId }: { formId: string }) {
  const form = useFormContext(formId);
  if (!form.hasBeenSubmitted || form.isValid) return null;
  return (
    <Alert color="red" role="alert" title={SOME_FIELD_NOT_VALID} data-testid="rate-error">
      Correct the highlighted fields and save again.
    </Alert>
  );
}

/** Adds one parameter to a `?a=b` search string (or starts one). */
function withParam(search: string, key: string, value: string | number): string {
  return `${search ? `${search}&` : "?"}${key}=${encodeURIComponent(String(value))}`;
}
