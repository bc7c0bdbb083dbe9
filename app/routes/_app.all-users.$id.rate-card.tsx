import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/services/auth/guard.server";
import { NON_LEGAL_ROLES } from "~/services/auth/roles";
import { redirectWithToast } from "~/services/auth/session.server";
import { getClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { deliverSoon } from "~/services/mail/outbox.server";
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  RATE_FIELD_LABELS,
  RATE_FIELDS,
  rateValuesOf,
  type RateField,
} from "~/services/ratecards/fields";
import { rateCardPermissions } from "~/services/ratecards/permissions";
import { getClientRateCard, updateRateRow } from "~/services/ratecards/ratecards.server";
import { rateRowFormSchema, SOME_FIELD_NOT_VALID } from "~/services/ratecards/row-form";
import { parseRateCardView, rateCardViewSearch, type CardTab } from "~/services/ratecards/view-query";
import { NotBuiltYet } from "~/ui/NotBuiltYet";
import { RateCardToolbar } from "~/ui/RateCardToolbar";
import { RatePanels } from "~/ui/RatePanels";
import { RateTable } from "~/ui/RateTable";
import { UrlDialog } from "~/ui/UrlDialog";

/** The client's courier-wise rate card (spec part 1 §2 "Courier-wise plan and Advantage"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { roles: NON_LEGAL_ROLES });
  const db = getDb();
  const client = await getClientForViewer(db, staff, Number(params.id));
  if (!client) throw new Response("This client does not exist, or you do not have access to it.", { status: 404 });
  const view = parseRateCardView(new URL(request.url).searchParams);
  const permissions = rateCardPermissions(staff.role);
  const card = await getClientRateCard(db, client.id, { showAll: view.showAll });
  if (!card) throw new Response("This client has no rate card.", { status: 404 });
  const editRowId = permissions.canEditRates ? view.editRowId : null;
  const sections =
    view.tab === "advantage"
      ? null
      : DELIVERY_TYPES.map((d) => ({ delivery: d, label: DELIVERY_TYPE_LABELS[d], panels: card.panels[view.tab as Exclude<CardTab, "advantage">][d] }));
  return {
    clientId: client.id,
    hasAuthToken: Boolean(client.auth_token),
    view: { ...view, editRowId },
    permissions,
    sections,
    uploaded: card.hasUploadedRateCard ? { rows: card.rows.filter((r) => view.showAll || r.is_active), lastUpload: card.lastUpload } : null,
  };
}

type FieldErrors = Partial<Record<RateField, string>>;
type ActionData =
  | { kind: "invalid"; rowId: number; values: Partial<Record<RateField, string>>; errors: FieldErrors; message: string }
  | { kind: "confirm"; rowId: number; version: number; courier: string; values: Record<RateField, string>; old: Record<RateField, string> }
  | { kind: "conflict"; rowId: number; message: string; current: Record<RateField, string>; courier: string }
  | { kind: "error"; message: string };

function rawValues(form: FormData): Partial<Record<RateField, string>> {
  return Object.fromEntries(RATE_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Partial<Record<RateField, string>>;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { roles: NON_LEGAL_ROLES });
  const db = getDb();
  const client = await getClientForViewer(db, staff, Number(params.id));
  if (!client) throw new Response("This client does not exist, or you do not have access to it.", { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "preview" && intent !== "save") throw new Response("Unknown action.", { status: 400 });
  if (!rateCardPermissions(staff.role).canEditRates) throw new Response("Only a vp can change rates.", { status: 403 });

  const parsed = rateRowFormSchema.safeParse(Object.fromEntries(form));
  const rowId = Number(form.get("rowId"));
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as FieldErrors;
    return data<ActionData>({ kind: "invalid", rowId, values: rawValues(form), errors, message: SOME_FIELD_NOT_VALID }, { status: 400 });
  }
  const { rowId: _r, version, ...values } = parsed.data;

  if (intent === "preview") {
    const card = await getClientRateCard(db, client.id, { showAll: true });
    const row = card?.rows.find((r) => r.id === parsed.data.rowId);
    if (!row) return data<ActionData>({ kind: "error", message: "This rate row was not found." }, { status: 404 });
    return data<ActionData>({ kind: "confirm", rowId: row.id, version, courier: row.courier_name, values, old: rateValuesOf(row) });
  }

  const result = await updateRateRow(db, staff, { rowId: parsed.data.rowId, clientId: client.id, version, values });
  if (result.ok) {
    deliverSoon(db);
    const back = new URL(request.url);
    back.searchParams.delete("edit");
    return redirectWithToast(request, back.pathname + back.search, { kind: "success", message: "Updated Successfully" });
  }
  if (result.status === 409 && "conflict" in result) {
    return data<ActionData>(
      { kind: "conflict", rowId: result.current.id, message: result.message, current: rateValuesOf(result.current), courier: result.current.courier_name },
      { status: 409 },
    );
  }
  return data<ActionData>({ kind: "error", message: `Not able to update rate card. ${result.message}` }, { status: result.status });
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

export default function ClientRateCard() {
  const { clientId, view, permissions, sections, uploaded, hasAuthToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const base = `/all-users/${clientId}/rate-card`;
  const here = `${base}${rateCardViewSearch(view)}`;
  const editFormId = "rate-row-edit";
  const editRowId = actionData && "rowId" in actionData && actionData.kind !== "conflict" ? actionData.rowId : view.editRowId;
  const editing =
    permissions.canEditRates && editRowId
      ? {
          rowId: editRowId,
          formId: editFormId,
          values: actionData?.kind === "invalid" ? actionData.values : actionData?.kind === "confirm" ? actionData.values : {},
          errors: actionData?.kind === "invalid" ? actionData.errors : {},
          cancelHref: `${base}${rateCardViewSearch(view, { editRowId: null })}`,
        }
      : null;

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
        <RateCardToolbar base={base} search={rateCardViewSearch(view, { editRowId: null })} hasAuthToken={hasAuthToken} permissions={permissions} />
      </Group>

      {view.tab === "advantage" ? (
        <NotBuiltYet title="Pickrr Advantage" feature="The Basic and Premium advantage plans (offer, plan rate cards, cashback settings)" />
      ) : uploaded ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Uploaded rate card
            </Title>
            {uploaded.lastUpload ? (
              <Text size="sm" c="dimmed">
                {uploaded.lastUpload.file_name} · {uploaded.lastUpload.row_count} rows · uploaded{" "}
                {new Date(uploaded.lastUpload.at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" })}
                {uploaded.lastUpload.uploaded_by ? ` by ${uploaded.lastUpload.uploaded_by.name}` : ""}
              </Text>
            ) : null}
            <RateTable rows={uploaded.rows} caption="Uploaded rate card" operation={false} />
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

          {actionData?.kind === "invalid" ? (
            <Alert color="red" role="alert" title={actionData.message} data-testid="rate-error">
              Correct the highlighted fields and save again.
            </Alert>
          ) : null}
          {actionData?.kind === "error" ? (
            <Alert color="red" role="alert" data-testid="rate-error">
              {actionData.message}
            </Alert>
          ) : null}
          {actionData?.kind === "conflict" ? (
            <Alert color="orange" role="alert" title="Not saved" data-testid="rate-conflict">
              <Stack gap="xs">
                <Text size="sm">{actionData.message}</Text>
                <Text size="sm" fw={600}>
                  Current values for {actionData.courier}:
                </Text>
                <Text size="sm" ff="monospace">
                  {RATE_FIELDS.map((f) => `${RATE_FIELD_LABELS[f]} ${actionData.current[f]}`).join(" · ")}
                </Text>
                <Anchor component={Link} to={`${base}${rateCardViewSearch(view, { editRowId: actionData.rowId })}`} reloadDocument size="sm">
                  Edit the current values
                </Anchor>
              </Stack>
            </Alert>
          ) : null}

          {editing ? (
            <Form method="post" id={editFormId} action={here} preventScrollReset>
              <input type="hidden" name="intent" value="preview" />
              <input type="hidden" name="rowId" value={editing.rowId} />
              <input type="hidden" name="version" value={sectionsRowVersion(sections, editing.rowId)} />
            </Form>
          ) : null}

          {sections ? (
            <RatePanels
              sections={sections}
              showAll={view.showAll}
              operation={permissions.canEditRates}
              editing={editing}
              editHref={(rowId) => `${base}${rateCardViewSearch(view, { editRowId: rowId })}`}
              rowLinks={
                permissions.canEditWeightSlabs
                  ? (row) => [
                      {
                        to: `${base}/weight-slab${withParam(rateCardViewSearch(view, { editRowId: null }), "row", row.id)}`,
                        label: "Slab",
                        ariaLabel: `Edit weight slab of ${row.courier_name}`,
                      },
                    ]
                  : undefined
              }
            />
          ) : null}
        </>
      )}

      {/* Child routes render their dialogs here: upload, apply-segment, rto-from-forward, weight-slab, history. */}
      <Outlet />

      {actionData?.kind === "confirm" ? (
        <UrlDialog title="Confirm rate update" closeTo={`${base}${rateCardViewSearch(view, { editRowId: actionData.rowId })}`}>
          <Stack gap="sm">
            <Text size="sm">
              Update the rates of <b>{actionData.courier}</b>? New values are shown beside the old ones, struck through.
            </Text>
            <ValuesDiff old={actionData.old} next={actionData.values} />
            <Form method="post" action={here} preventScrollReset>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="rowId" value={actionData.rowId} />
              <input type="hidden" name="version" value={actionData.version} />
              {RATE_FIELDS.map((f) => (
                <input key={f} type="hidden" name={f} value={actionData.values[f]} />
              ))}
              <Group justify="flex-end">
                <Button component={Link} to={`${base}${rateCardViewSearch(view, { editRowId: actionData.rowId })}`} variant="default">
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

function sectionsRowVersion(
  sections: { panels: { couriers: { id: number; version: number }[] }[] }[] | null,
  rowId: number,
): number | string {
  for (const s of sections ?? []) for (const p of s.panels) for (const c of p.couriers) if (c.id === rowId) return c.version;
  return "";
}

/** Adds one parameter to a `?a=b` search string (or starts one). */
function withParam(search: string, key: string, value: string | number): string {
  return `${search ? `${search}&` : "?"}${key}=${encodeURIComponent(String(value))}`;
}
