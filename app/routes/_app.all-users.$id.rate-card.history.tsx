/**
 * The audit history of a client's rate changes (issue 3 "History"): a wide dialog over the
 * rate card, newest first, paginated by `?hpage=` links that keep the card's own parameters.
 */
import { Badge, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { istDateTimeLabel } from "~/services/clients/dates";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { PLAN_LABELS, PLAN_TYPE_OF } from "~/services/core/plans";
import { getDb } from "~/services/db/client.server";
import { CHANGED_FIELD_LABELS, type ChangedField } from "~/services/ratecards/changes";
import { PRICE_TYPE_LABELS } from "~/services/ratecards/fields";
import type { ShipmentType } from "~/services/core/rate-fields";
import { ZONES } from "~/services/core/zones";
import { formatKg, formatTwoDecimals } from "~/services/ratecards/money";
import { rateChangeHistory, type RateHistoryEntry } from "~/services/ratecards/ratecards.server";
import { Pager } from "~/ui/Pager";
import { UrlDialog } from "~/ui/UrlDialog";
import { rateCardHref } from "~/services/ratecards/view-query";
import { RateCardDialogError } from "~/ui/RateCardDialogError";

const OWN_PARAMS = ["hpage"];
const PER_PAGE = 20;

/** What an audit action means to a reader; the code itself is kept beside it for searching. */
const ACTION_LABELS: Record<string, string> = {
  update: "Rate edit",
  "update:courier_terms": "Rate edit (courier terms)",
  weight_slab: "Weight slab",
  upload: "Upload",
  "upload:create": "Upload (row added)",
  "upload:delete": "Upload (row removed)",
  apply_segment: "Apply segment",
  "apply_segment:create": "Apply segment (row added)",
  "apply_segment:delete": "Apply segment (row removed)",
  rto_from_forward: "RTO from forward",
  "rto_from_forward:create": "RTO from forward (row added)",
  "rto_from_forward:delete": "RTO from forward (row removed)",
};

/** Pickrr Advantage changes are labelled with their plan ("Premium plan · Rate edit"); these are theirs alone. */
const PLAN_ACTION_LABELS: Record<string, Record<string, string>> = {
  plan_rate_card: { copy_defaults: "First edit (defaults copied)" },
  advantage_plan: { offer: "Plan offered", withdraw: "Plan withdrawn", activate: "Activated by seller", deactivate: "Deactivated by seller" },
  cashback_settings: { create: "Advantage Settings", update: "Advantage Settings" },
};

function actionLabel(entry: RateHistoryEntry): string {
  const label = PLAN_ACTION_LABELS[entry.entity]?.[entry.action] ?? ACTION_LABELS[entry.action] ?? entry.action;
  return entry.plan ? `${PLAN_LABELS[PLAN_TYPE_OF[entry.plan]]} plan · ${label}` : label;
}

/** One sentence for a plan-wide entry: the first edit's copy, an offer or activation, the cashback settings. */
function planSummary(entry: RateHistoryEntry): string | null {
  const d = (entry.details ?? {}) as Record<string, unknown>;
  switch (entry.entity) {
    case "plan_rate_card":
      return `The plan's default rates (${num(d.rows)} rows) were copied for this client, which now has its own (exclusive) copy`;
    case "advantage_plan": {
      const offered = Array.isArray(d.offered) ? d.offered.map((o) => String((o as { type?: string }).type ?? "")).filter(Boolean) : [];
      const active = (d.active as { type?: string } | null)?.type;
      const names = (types: string[]) => types.map((t) => (t === "basic" || t === "premium" ? PLAN_LABELS[t] : t)).join(", ");
      return `Offered: ${offered.length ? names(offered) : "none"} · Active: ${active ? names([active]) : "none"}`;
    }
    case "cashback_settings": {
      const r = (d.return_cashback ?? {}) as { plan?: number };
      const del = (d.delivered_cashback ?? {}) as { plan?: number };
      const tat = ZONES.map((z) => String(d[`tat_zone${z}`] ?? "?")).join("/");
      return `Return plan ${String(r.plan ?? "?")}, delivered-breach plan ${String(del.plan ?? "?")}, TAT ${tat} days, max cashback liability ₹${formatTwoDecimals(String(d.max_tat_liability ?? "0"))}`;
    }
    default:
      return null;
  }
}

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = String(value);
  if (field === "first_slab" || field === "second_slab") return `${formatKg(text)} KG`;
  if (field === "divisor") return text;
  if (field === "cod_percentage") return `${formatTwoDecimals(text)} %`;
  return field in CHANGED_FIELD_LABELS ? formatTwoDecimals(text) : text;
}

const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0));

/** One sentence for a card-wide entry (upload, apply segment, RTO from forward). */
function cardWideSummary(entry: RateHistoryEntry): string {
  const d = entry.details ?? {};
  switch (entry.action) {
    case "apply_segment":
      return `Applied ${String(d.segment_name ?? `segment ${String(d.segment)}`)}: ${num(d.updated)} rows updated, ${num(d.created)} added, ${num(d.deleted)} removed`;
    case "rto_from_forward": {
      const couriers = Array.isArray(d.couriers) ? d.couriers.map(String).join(", ") : "";
      return `RTO rates set from forward for ${couriers || "the chosen couriers"}: ${num(d.changed_rows)} rows changed`;
    }
    case "upload":
      return `Uploaded ${String(d.file_name ?? "a rate card")}: ${num(d.row_count)} rows, ${num(d.changed_rows)} changed`;
    default:
      return Object.entries(d)
        .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
        .join(", ");
  }
}

function describe(entry: RateHistoryEntry): { head: string | null; lines: { field: string; old: string | null; next: string | null }[]; summary: string | null } {
  if (entry.entity !== "rate_row" && entry.entity !== "plan_rate_row") return { head: null, lines: [], summary: planSummary(entry) ?? cardWideSummary(entry) };
  const priceType = entry.shipment_type ? PRICE_TYPE_LABELS[entry.shipment_type as ShipmentType] : "";
  const head = [entry.courier ?? "Unknown courier", `${priceType}${entry.delivery_type ? ` (${entry.delivery_type})` : ""}`].filter(Boolean).join(" · ");
  if (entry.action.endsWith(":create")) return { head, lines: [], summary: "Row added" };
  if (entry.action.endsWith(":delete")) return { head, lines: [], summary: "Row removed" };
  return {
    head,
    lines: entry.changes.map((c) => ({
      field: CHANGED_FIELD_LABELS[c.field as ChangedField] ?? c.field,
      old: showValue(c.field, c.old),
      next: showValue(c.field, c.new),
    })),
    summary: null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("hpage") ?? 1);
  const history = await rateChangeHistory(db, client.id, { page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1, perPage: PER_PAGE });
  // The audit row keeps e-mail and role; names come from the people this page already knows.
  const names = new Map<number, string>([[staff.id, staff.name]]);
  for (const p of [client.vp, client.avp, client.bdm, client.tl]) if (p?.id != null && p.name) names.set(p.id, p.name);
  return {
    clientId: client.id,
    closeTo: rateCardHref(client.id, url, OWN_PARAMS),
    keep: [...new URLSearchParams(url.search)].filter(([k]) => !OWN_PARAMS.includes(k)),
    page: history.page,
    pageCount: history.pageCount,
    total: history.total,
    entries: history.entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      who: { name: e.staff.id != null ? (names.get(e.staff.id) ?? null) : null, email: e.staff.email, role: e.staff.role },
      action: e.action,
      actionLabel: actionLabel(e),
      ...describe(e),
    })),
  };
}

const when = istDateTimeLabel;

export default function RateHistoryDialog() {
  const { clientId, closeTo, keep, page, pageCount, total, entries } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(keep);
    if (p > 1) q.set("hpage", String(p));
    const s = q.toString();
    return `/all-users/${clientId}/rate-card/history${s ? `?${s}` : ""}`;
  };
  return (
    <UrlDialog title="Rate change history" closeTo={closeTo}>
      {/* This dialog needs room for its table; UrlDialog's panel is narrow by default. */}
      <style>{".dialog-panel:has([data-wide-dialog]){width:min(1100px,100%)}"}</style>
      <Stack gap="sm" data-wide-dialog>
        {entries.length === 0 ? (
          <Text size="sm" data-testid="history-empty">
            No rate changes have been recorded for this client yet.
          </Text>
        ) : (
          <div style={{ maxHeight: "60vh", overflow: "auto" }} tabIndex={0} role="region" aria-label="Rate changes">
            <Table withTableBorder verticalSpacing={6} fz="sm" stickyHeader>
              <Table.Caption>Newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>What changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id} data-testid="history-entry" data-action={e.action}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <time dateTime={e.at}>{when(e.at)}</time>
                    </Table.Td>
                    <Table.Td>
                      {e.who.name ? <Text size="sm">{e.who.name}</Text> : null}
                      <Text size="sm">{e.who.email}</Text>
                      <Badge size="xs" variant="light" color="dark">
                        {e.who.role}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.actionLabel}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {e.action}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {e.head ? (
                        <Text size="sm" fw={600}>
                          {e.head}
                        </Text>
                      ) : null}
                      {e.summary ? <Text size="sm">{e.summary}</Text> : null}
                      {e.lines.map((l) => (
                        <Text size="sm" key={l.field}>
                          {l.field}:{" "}
                          <Text component="del" td="line-through" c="dimmed" size="sm">
                            <VisuallyHidden>was </VisuallyHidden>
                            {l.old}
                          </Text>{" "}
                          →{" "}
                          <Text span fw={700}>
                            {l.next}
                          </Text>
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Pager page={page} pageCount={pageCount} total={total} hrefFor={hrefFor} noun={total === 1 ? "change" : "changes"} />
      </Stack>
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  return <RateCardDialogError title="Rate change history" fallback={"The history could not be loaded."} dialogParams={OWN_PARAMS} />;
}
