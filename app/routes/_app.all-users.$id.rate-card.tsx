/**
 * The client's courier-wise rate card (docs/product.md §2 "Courier-wise plan"): Forward, Reverse
 * and RTO tabs, or the uploaded card's list, with row edits for vp. Its dialogs (upload,
 * apply segment, RTO from forward, weight slab, history) are child routes rendered over it.
 * The Pickrr Advantage tab is its own route (rate-card_.advantage.tsx).
 */
import { Anchor } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, Outlet, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast, type SignedInStaff } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { updateRateRow } from "~/services/ratecards/edit.server";
import type { RateTab } from "~/services/ratecards/fields";
import { rateCardPermissions } from "~/services/ratecards/permissions";
import { getClientRateCard } from "~/services/ratecards/read.server";
import { backTo, rowEditAction } from "~/services/ratecards/row-action.server";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { CANCEL_SCHEDULED_FORM_ID, cancelScheduledValidator } from "~/services/ratecards/scheduled";
import { cancelScheduledChange, pendingChanges } from "~/services/ratecards/scheduled.server";
import {
  advantageHref,
  type CardTab,
  movedAdvantageHref,
  parseRateCardView,
  rateCardViewSearch,
} from "~/services/ratecards/view-query";
import { Group, Stack, Text } from "~/ui/layout";
import { cardSections, uploadedRow } from "~/ui/rate-card-sections";
import { RateCardHeader } from "~/ui/RateCardHeader";
import { EmptyCardAlert, UploadedRateCard } from "~/ui/RateCardViews";
import { RatePanels } from "~/ui/RatePanels";
import { rowAnswer, RowEditAlerts, RowEditConfirm, rowEditing, rowVersion } from "~/ui/RateRowEdit";
import type { RateTableRow } from "~/ui/RateTable";
import { ScheduledRateChanges } from "~/ui/ScheduledRateChanges";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  // The Pickrr Advantage tab was `?tab=advantage`: old links (and its dialogs') still work.
  const moved = movedAdvantageHref(url);
  if (moved) throw redirect(moved);
  const view = parseRateCardView(url.searchParams);
  const tab = view.tab as RateTab;
  const [card, pending] = await Promise.all([
    getClientRateCard(db, client.id, { showAll: view.showAll, onlyTab: tab }),
    pendingChanges(db, client.id),
  ]);
  if (!card) throw new Response("This client has no rate card.", { status: 404 });
  const permissions = rateCardPermissions(staff.role);
  return {
    clientId: client.id,
    hasAuthToken: Boolean(client.auth_token),
    view: { ...view, editRowId: permissions.canEditRates ? view.editRowId : null },
    permissions,
    // Only what the tables show: the page's HTML and its serialised data scale with the rows.
    sections: card.hasUploadedRateCard && !view.panels ? null : cardSections(card.panels, tab),
    uploaded:
      card.hasUploadedRateCard && !view.panels
        ? { rows: card.rows.filter((r) => view.showAll || r.is_active).map(uploadedRow), lastUpload: card.lastUpload }
        : null,
    lastUpload: card.lastUpload,
    emptyTab: !card.hasUploadedRateCard && card.rows.length === 0,
    // Changes scheduled to take effect later (decision 075), soonest first.
    pending: pending.map(({ kind: _k, effectiveAt: _e, ...p }) => p),
    canCancelScheduled: permissions.canEditRates || permissions.canUpload,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "cancel-scheduled") return cancelScheduled(request, staff, client.id, form);
  if (intent !== "preview" && intent !== "save") throw new Response("Unknown action.", { status: 400 });
  if (!rateCardPermissions(staff.role).canEditRates) throw new Response("Only a vp can change rates.", { status: 403 });
  return rowEditAction(request, form, intent, {
    rows: async () => (await getClientRateCard(db, client.id, { showAll: true }))?.rows ?? [],
    save: (input) => updateRateRow(db, staff, { ...input, clientId: client.id }),
  });
}

/** Cancel of a pending scheduled change (decision 075): audited by the service; a refusal is shown above the list. */
async function cancelScheduled(request: Request, staff: SignedInStaff, clientId: number, form: FormData) {
  const read = await readForm(form, cancelScheduledValidator, CANCEL_SCHEDULED_FORM_ID);
  if (!read.ok) throw new Response("Unknown action.", { status: 400 });
  const result = await cancelScheduledChange(getDb(), staff, { clientId, id: read.data.id });
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted, CANCEL_SCHEDULED_FORM_ID);
  return redirectWithToast(request, backTo(request), {
    kind: "success",
    message: `Cancelled: the change will not take effect on ${result.effectiveAtText}.`,
  });
}

const TAB_LINKS: { tab: CardTab; label: string }[] = [
  { tab: "forward", label: "Forward Shipping" },
  { tab: "reverse", label: "Reverse Logistics Shipment" },
  { tab: "rto", label: "RTO" },
];

/**
 * Remix skips reloading after an error answer; a 409 (someone else changed the row) must
 * reload, so the page shows the values now stored.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function ClientRateCard() {
  const {
    clientId,
    view,
    permissions,
    sections,
    uploaded,
    hasAuthToken,
    lastUpload,
    emptyTab,
    pending,
    canCancelScheduled,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const rowData = rowAnswer(actionData);
  const cancelRefusal =
    actionData &&
    typeof actionData === "object" &&
    "formId" in actionData &&
    actionData.formId === CANCEL_SCHEDULED_FORM_ID
      ? ((actionData as { message?: string }).message ?? null)
      : null;
  const base = `/all-users/${clientId}/rate-card`;
  const here = `${base}${rateCardViewSearch(view)}`;
  const editHref = (rowId: number) => `${base}${rateCardViewSearch(view, { editRowId: rowId })}`;
  const cardSearch = rateCardViewSearch(view, { editRowId: null });
  const editing = rowEditing(rowData, {
    canEdit: permissions.canEditRates,
    editRowId: view.editRowId,
    cancelHref: `${base}${cardSearch}`,
    editHref,
  });
  // One search string for every row's weight slab link (a big card has hundreds of rows).
  const slabLinks = permissions.canEditWeightSlabs
    ? (row: RateTableRow) => [
        {
          to: `${base}/weight-slab${withParam(cardSearch, "row", row.id)}`,
          label: "Slab",
          ariaLabel: `Edit weight slab of ${row.courier_name}`,
        },
      ]
    : undefined;
  const showAllLink = (
    <Anchor
      component={Link}
      size="sm"
      to={`${base}${rateCardViewSearch(view, { showAll: !view.showAll, editRowId: null })}`}
      preventScrollReset
    >
      {view.showAll ? "Show active couriers only" : "Show all couriers"}
    </Anchor>
  );
  const alerts = (
    <RowEditAlerts
      rowData={rowData}
      editing={editing}
      action={here}
      version={editing ? rowVersion(sections, uploaded?.rows, editing.rowId) : ""}
    />
  );

  return (
    <Stack gap="md">
      <RateCardHeader
        current="courier-wise"
        courierWiseHref={`${base}${rateCardViewSearch(view, { tab: "forward", editRowId: null })}`}
        advantageHref={advantageHref(clientId, { plan: null })}
        toolbar={{ base, search: cardSearch, hasAuthToken, permissions }}
      />

      <ScheduledRateChanges pending={pending} action={here} canCancel={canCancelScheduled} refusal={cancelRefusal} />

      {uploaded ? (
        <UploadedRateCard
          uploaded={uploaded}
          panelsHref={`${base}${rateCardViewSearch(view, { panels: true, editRowId: null })}`}
          showAll={view.showAll}
          showAllLink={showAllLink}
          alerts={alerts}
          table={{ operation: permissions.canEditRates, editing, editHref, rowLinks: slabLinks }}
        />
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
            {showAllLink}
          </Group>

          {lastUpload && view.panels ? (
            <Text size="sm" data-testid="uploaded-explanation">
              Shown as slab panels. This card was uploaded from a file;{" "}
              <Anchor
                component={Link}
                size="sm"
                to={`${base}${rateCardViewSearch(view, { panels: false, editRowId: null })}`}
              >
                show it as the uploaded list
              </Anchor>
              .
            </Text>
          ) : null}

          {emptyTab && !view.showAll ? (
            <EmptyCardAlert
              applySegmentHref={permissions.canApplySegment ? `${base}/apply-segment${cardSearch}` : null}
            />
          ) : null}

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

      {/* Child routes render their dialogs here: upload, apply-segment, rto-from-forward, weight-slab, history. */}
      <Outlet />

      <RowEditConfirm rowData={rowData} action={here} backHref={editHref} schedulable />
    </Stack>
  );
}

/** Adds one parameter to a `?a=b` search string (or starts one). */
function withParam(search: string, key: string, value: string | number): string {
  return `${search ? `${search}&` : "?"}${key}=${encodeURIComponent(String(value))}`;
}
