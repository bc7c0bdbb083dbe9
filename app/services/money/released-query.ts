/**
 * On Hold COD's Released view, all in the URL (decision 066): every release a finance approver
 * made from the list, filtered by the day it was released (IST; presets as the list's, default
 * the last 30 days) and by approver, 30 a page. Pure.
 */
import { addDays, daysBetween, isIsoDay, istDmyTime, startOfIstDay } from "../core/ist-dates";
import { type Invalid, invalid, type Result } from "../core/result";
import { hasControlCharacters, TEXT_LIMITS } from "../core/text-input";
import {
  COD_MAX_RANGE_DAYS,
  COD_PRESET_LABELS,
  COD_PRESETS,
  type CodPreset,
  type CodRange,
  presetRange,
  typedRange,
} from "./cod-query";

export const RELEASED_PAGE_SIZE = 30;

export type ReleasedView = { from: string; to: string; approver: string; page: number };

export const RELEASED_QUERY_MESSAGES = {
  date: "Enter dates as YYYY-MM-DD.",
  order: "The start date must be on or before the end date.",
  span: `The date range can cover at most ${COD_MAX_RANGE_DAYS} days.`,
  approver: "Choose an approver from the list.",
} as const;

const APPROVER = /^[^\s@]+@[^\s@]+$/;

export function parseReleasedView(params: URLSearchParams, today: string): Result<{ view: ReleasedView }, Invalid> {
  const presetRaw = params.get("preset");
  const preset = (COD_PRESETS as readonly string[]).includes(presetRaw ?? "") ? (presetRaw as CodPreset) : null;
  let range: CodRange = presetRange(preset ?? "last_30_days", today);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!preset && (from || to)) {
    if (!isIsoDay(from) || !isIsoDay(to)) return invalid(RELEASED_QUERY_MESSAGES.date);
    if (from > to) return invalid(RELEASED_QUERY_MESSAGES.order);
    if (daysBetween(from, to) >= COD_MAX_RANGE_DAYS) return invalid(RELEASED_QUERY_MESSAGES.span);
    range = { from, to };
  }
  const approver = (params.get("approver") ?? "").trim().toLowerCase();
  if (approver && (approver.length > TEXT_LIMITS.email || hasControlCharacters(approver) || !APPROVER.test(approver)))
    return invalid(RELEASED_QUERY_MESSAGES.approver);
  const pageRaw = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  return { ok: true, view: { ...range, approver, page } };
}

/** A refused URL's stand-in view, as On Hold COD's (refusedCodView): the form as typed, the message by its field. */
export function refusedReleasedView(
  params: URLSearchParams,
  today: string,
  message: string,
): { view: ReleasedView; field: "range" | "approver"; message: string } {
  const field = message === RELEASED_QUERY_MESSAGES.approver ? "approver" : "range";
  const approver = field === "approver" ? "" : (params.get("approver") ?? "").trim().toLowerCase();
  return { view: { ...typedRange(params, presetRange("last_30_days", today)), approver, page: 1 }, field, message };
}

/** The view as a query string (defaults left out), with overrides. */
export function releasedSearch(view: ReleasedView, over: Partial<ReleasedView> = {}): string {
  const v = { ...view, ...over };
  const p = new URLSearchParams();
  p.set("from", v.from);
  p.set("to", v.to);
  if (v.approver) p.set("approver", v.approver);
  if (v.page > 1) p.set("page", String(v.page));
  return `?${p.toString()}`;
}

export function releasedHref(view: ReleasedView, over: Partial<ReleasedView> = {}): string {
  return `/on-hold-cod/released${releasedSearch(view, over)}`;
}

export function releasedDownloadHref(view: ReleasedView): string {
  return `/on-hold-cod/released.xlsx${releasedSearch(view, { page: 1 })}`;
}

/** The moments a view's days cover: from the start of `from` to the start of the day after `to`, IST. */
export function releasedWindow(view: Pick<ReleasedView, "from" | "to">): { start: Date; end: Date } {
  return {
    start: startOfIstDay(view.from),
    end: startOfIstDay(addDays(view.to, 1)),
  };
}

/** A release's moment as the screen shows it: "27-11-2026 14:05" (IST). */
export function releasedAtLabel(at: Date | string): string {
  return istDmyTime(typeof at === "string" ? new Date(at) : at);
}

export type ReleaseMailState = { sent_at: Date | string | null; attempts: number; last_error: string | null } | null;

/** What became of the e-mail a release sent the seller. */
export function releaseMailLabel(mail: ReleaseMailState, maxAttempts: number): string {
  if (!mail) return "No e-mail recorded";
  if (mail.sent_at) return `Sent ${releasedAtLabel(mail.sent_at)}`;
  if (mail.attempts >= maxAttempts) return `Not delivered after ${mail.attempts} attempts`;
  return mail.attempts > 0 ? `Queued, retrying (${mail.attempts} attempts)` : "Queued";
}

/** The date presets as links over the days released: each keeps the approver, sets its range and goes to page 1. */
export function releasedPresetLinks(view: ReleasedView, today: string) {
  return COD_PRESETS.map((preset) => {
    const range = presetRange(preset, today);
    return {
      preset,
      label: COD_PRESET_LABELS[preset],
      href: releasedHref(view, { ...range, page: 1 }),
      current: range.from === view.from && range.to === view.to,
    };
  });
}
