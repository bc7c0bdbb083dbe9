/**
 * What the Order Tracker page and its two CSV downloads read (decision 030), in one place: the
 * query from the URL, the role's view check (a view the role may not use is refused with 403,
 * whatever the URL says), the period's days, and the seller.
 */
import type { Staff } from "../auth/guard.server";
import { addDays, istDayOf } from "../core/ist-dates";
import { type Invalid, invalid, type Result } from "../core/result";
import type { Db } from "../db/client.server";
import { type DayRange, periodRange } from "./periods";
import { dailyPerformance, dailyStats, SELLER_NOT_FOUND, sellerEmails, sellerInScope } from "./tracker.server";
import { keptUnderStamp, scopeKey, type TrackerStamps, trackerStamps } from "./tracker-cache.server";
import { parseTrackerQuery, type TrackerQuery, VIEW_LABELS, viewAllowed } from "./tracker-query";

export type TrackerRequest = {
  query: TrackerQuery;
  today: string;
  /** The days of the chosen period, or why the custom range is refused. */
  range: { ok: true; range: DayRange } | { ok: false; message: string };
  /** The chosen seller's client id (null: every seller in scope), or why it is refused. */
  seller: Result<{ clientId: number | null }, Invalid>;
};

export async function readTrackerRequest(
  db: Db,
  staff: Staff,
  request: Request,
  now = new Date(),
): Promise<TrackerRequest> {
  const query = parseTrackerQuery(new URL(request.url).searchParams);
  if (!viewAllowed(staff.role, query.view)) {
    throw new Response(`The ${VIEW_LABELS[query.view]} view of Daily Performance is not available to your role.`, {
      status: 403,
    });
  }
  const today = istDayOf(now);
  const range = periodRange(query.period, today, { from: query.from, to: query.to });
  let seller: TrackerRequest["seller"] = { ok: true, clientId: null };
  if (query.seller) {
    const id = await sellerInScope(db, staff, query.seller);
    seller = id === null ? invalid(SELLER_NOT_FOUND) : { ok: true, clientId: id };
  }
  return { query, today, range, seller };
}

/** Seller e-mails inlined in the page (a datalist that works without JavaScript); more are fetched on focus. */
export const INLINE_SELLER_EMAILS = 200;

/**
 * `dailyStats` of the range, the days before yesterday kept under the `days` stamp (decision 088,
 * amended) and yesterday and today read live: the same figures, without summing every client's
 * rows of the whole period on each request.
 */
export async function keptDailyStats(
  db: Db,
  staff: Staff,
  range: DayRange,
  clientId: number | null,
  today: string,
  stamps: Promise<TrackerStamps>,
) {
  const lastKept = addDays(today, -2);
  const live =
    range.to > lastKept
      ? dailyStats(
          db,
          staff,
          { from: range.from > lastKept ? range.from : addDays(lastKept, 1), to: range.to },
          clientId,
        )
      : Promise.resolve([]);
  const keptTo = range.to < lastKept ? range.to : lastKept;
  // Read under the stamp read before it: a change after the stamp shows on the next request.
  const kept =
    range.from <= keptTo
      ? stamps.then((s) =>
          keptUnderStamp(
            db,
            "days",
            s.days,
            `stats|${clientId === null ? scopeKey(staff) : `client:${clientId}`}|${range.from}|${keptTo}`,
            () => dailyStats(db, staff, { from: range.from, to: keptTo }, clientId),
          ),
        )
      : Promise.resolve([]);
  const [past, recent] = await Promise.all([kept, live]);
  return [...past, ...recent];
}

/**
 * The page's reads (decision 030): the seller e-mails (one more than would be inlined tells whether
 * the scope is small; a vp's 2,500 are not read here), the daily stats and the Daily Performance
 * table — the e-mails, the table and the stats before yesterday kept under the database's stamps
 * (decision 088), so a request that finds them reads only the stamps and the last two days' stats.
 */
export async function trackerPageReads(db: Db, staff: Staff, req: TrackerRequest) {
  const stamps = trackerStamps(db);
  const scope = scopeKey(staff);
  const q = req.query;
  // The table and the e-mails need only the stamps: they do not wait for the stats' live days.
  const table = stamps.then(({ table: stamp }) =>
    Promise.all([
      keptUnderStamp(db, "table", stamp, `emails|${scope}`, () => sellerEmails(db, staff, INLINE_SELLER_EMAILS + 1)),
      keptUnderStamp(
        db,
        "table",
        stamp,
        `table|${scope}|${[q.view, q.q, q.sort, q.dir, q.preset, q.page].join("|")}`,
        () => dailyPerformance(db, staff, q),
      ),
    ]),
  );
  const [stats, [emails, performance]] = await Promise.all([
    req.range.ok && req.seller.ok
      ? keptDailyStats(db, staff, req.range.range, req.seller.clientId, req.today, stamps)
      : null,
    table,
  ]);
  return { emails, stats, performance };
}
