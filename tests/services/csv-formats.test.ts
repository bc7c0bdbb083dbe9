/**
 * One format for every CSV the console writes (decision 064; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): each CSV route, called as the browser would, writes dates as ISO 8601
 * (YYYY-MM-DD) and amounts as plain decimals (two places, no ₹, no digit grouping) — never a
 * DD-MM-YYYY date, in a cell or a header. Every `[.csv]` route of app/routes is listed here, so a
 * new one cannot skip the check.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as ledgerCsv } from "~/routes/_app.all-users.$id.account-ledger[.csv]";
import { loader as clientCardCsv } from "~/routes/_app.all-users.$id.rate-card.download[.csv]";
import { loader as sampleCardCsv } from "~/routes/_app.all-users.$id.rate-card.sample[.csv]";
import { loader as courierPincodesCsv } from "~/routes/_app.all-users.$id.serviceability.courier.$courierId[.csv]";
import { loader as pincodesCsv } from "~/routes/_app.all-users.$id.serviceability.pincodes[.csv]";
import { loader as growthCsvLoader } from "~/routes/_app.dashboard_.growth[.csv]";
import { loader as legalStatusCsv } from "~/routes/_app.legal-status.download[.csv]";
import { loader as codStatusCsv } from "~/routes/_app.on-hold-cod.cod-status[.csv]";
import { loader as dailyPerformanceCsv } from "~/routes/_app.order-tracker_.daily-performance[.csv]";
import { loader as dailyStatsCsv } from "~/routes/_app.order-tracker_.daily-stats[.csv]";
import { loader as segmentCardCsv } from "~/routes/_app.rate-cards.$segment.download[.csv]";
import { startSession } from "~/services/auth/session.server";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import { MONEY_FIELDS } from "~/services/core/rate-fields";
import type { DbHandle } from "~/services/db/client.server";
import { readCsv } from "~/services/http/csv";
import { STATUS_CSV_HEADER } from "~/services/legal/status.server";
import { LEDGER_CSV_TABLE_LINE } from "~/services/money/ledger";
import { CSV_PRICE_COLUMNS } from "~/services/ratecards/csv";

import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
let clientId: number;
let courierServiceId: number;
let sourcePincode: string;
const today = istDayOf(new Date());

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  const [c] = (
    await h.db.execute(sql`
      select c.id, s.courier_service_id from clients c
      join client_courier_services s on s.client_id = c.id and s.is_active
      where c.auth_token is not null
        and exists (select 1 from cod_remittances r where r.client_id = c.id)
      order by c.id limit 1`)
  ).rows as { id: number; courier_service_id: number }[];
  clientId = c!.id;
  courierServiceId = c!.courier_service_id;
  const [p] = (await h.db.execute(sql`select pincode::text as pincode from pincodes order by pincode limit 1`))
    .rows as { pincode: string }[];
  sourcePincode = p!.pincode;
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

/** The CSV a loader answers, read whole or (`firstBytes`) only its first records, the rest of the stream cancelled. */
async function download(
  loader: Loader,
  email: string,
  url: string,
  params: Record<string, string> = {},
  firstBytes?: number,
) {
  const [who] = (await h.db.execute(sql`select id from staff where email = ${email}`)).rows as { id: number }[];
  const cookie = (await startSession(h.db, new Request("http://console.test/sign-in"), who!.id)).split(";")[0]!;
  const res = (await loader({
    request: new Request(`http://console.test${url}`, { headers: { cookie } }),
    params,
    context: {},
  })) as Response;
  expect({ url, status: res.status }).toEqual({ url, status: 200 });
  expect(res.headers.get("content-type")).toContain("text/csv");
  if (firstBytes === undefined) {
    const text = await res.text();
    // A negative amount is written as the plain number, not escaped like a formula ('-12.50).
    expect(text).not.toMatch(/(^|,)'-\d+(\.\d+)?(,|\r\n)/m);
    return readCsv(text);
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let next = await reader.read(); !next.done && text.length < firstBytes; next = await reader.read())
    text += decoder.decode(next.value, { stream: true });
  await reader.cancel();
  // Whole records only (these files have no line breaks inside cells).
  return readCsv(text.slice(0, text.lastIndexOf("\r\n") + 2));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^-?\d+\.\d{2}$/;
const DMY = /\b\d{2}[-/]\d{2}[-/]\d{4}\b/;

/**
 * Every cell but free text (a remark may quote "₹1,000.00"): no ₹, no DD-MM-YYYY, no grouped
 * number; the named columns ISO dates / plain amounts (or empty).
 */
function expectFormat(
  rows: string[][],
  headerIndex: number,
  columns: { dates?: string[]; amounts?: string[]; text?: string[]; mayBeEmpty?: boolean } = {},
) {
  expect(rows.length).toBeGreaterThan(headerIndex + (columns.mayBeEmpty ? 0 : 1));
  const free = new Set((columns.text ?? []).map((name) => rows[headerIndex]!.indexOf(name)));
  for (const row of rows)
    for (const [i, cell] of row.entries()) {
      if (free.has(i)) continue;
      expect(cell).not.toContain("₹");
      expect(cell).not.toMatch(DMY);
      expect(cell).not.toMatch(/^-?\d{1,3}(,\d{2,3})+(\.\d+)?$/);
    }
  const header = rows[headerIndex]!;
  const body = rows.slice(headerIndex + 1);
  for (const name of columns.dates ?? []) {
    const i = header.indexOf(name);
    expect(i, name).toBeGreaterThanOrEqual(0);
    for (const r of body) if (r[i]) expect(r[i]).toMatch(ISO_DAY);
    expect(
      body.some((r) => r[i]),
      `${name} has a value`,
    ).toBe(true);
  }
  for (const name of columns.amounts ?? []) {
    const i = header.indexOf(name);
    expect(i, name).toBeGreaterThanOrEqual(0);
    for (const r of body) if (r[i]) expect(r[i]).toMatch(AMOUNT);
    expect(
      body.some((r) => r[i]),
      `${name} has a value`,
    ).toBe(true);
  }
}

const TESTED = new Set<string>();
const csvCase = (route: string, name: string, run: () => Promise<void>) =>
  it(name, async () => {
    TESTED.add(route);
    await run();
  });

describe("every CSV: ISO 8601 dates, plain decimal amounts", () => {
  csvCase("_app.all-users.$id.account-ledger[.csv].tsx", "Account Ledger", async () => {
    for (const view of ["pending", "cleared", "future"]) {
      const rows = await download(
        ledgerCsv as Loader,
        "kam@demo.test",
        `/all-users/${clientId}/account-ledger.csv?type=${view}`,
        {
          id: String(clientId),
        },
      );
      for (const r of rows.slice(1, LEDGER_CSV_TABLE_LINE - 2)) expect(r[1]).toMatch(AMOUNT);
      if (view === "cleared")
        expectFormat(rows, LEDGER_CSV_TABLE_LINE - 1, {
          dates: ["clearance_date", "cycle_due_date"],
          amounts: ["total_amount", "outstanding_amount", "collected_cod_amount", "freight_charge", "total_tax"],
          text: ["remark"],
        });
    }
  });

  csvCase("_app.on-hold-cod.cod-status[.csv].tsx", "On Hold COD's cod-status.csv", async () => {
    const rows = await download(
      codStatusCsv as Loader,
      "kam@demo.test",
      `/on-hold-cod/cod-status.csv?from=${addDays(today, -365)}&to=${today}`,
    );
    expectFormat(rows, 0, {
      dates: ["start_date", "end_date"],
      amounts: ["total_amount", "ecod_charges", "amount", "pending_amount"],
    });
  });

  csvCase("_app.order-tracker_.daily-stats[.csv].tsx", "Daily Stats", async () => {
    const rows = await download(
      dailyStatsCsv as Loader,
      "vp@demo.test",
      "/order-tracker/daily-stats.csv?period=last_30_days",
    );
    expect(rows[0]).toEqual(["Date", "Placed"]);
    expectFormat(rows, 0, { dates: ["Date"] });
    expect(rows.at(-1)![0]).toBe(today);
  });

  csvCase("_app.order-tracker_.daily-performance[.csv].tsx", "Daily Performance (dates in its headers)", async () => {
    const rows = await download(dailyPerformanceCsv as Loader, "vp@demo.test", "/order-tracker/daily-performance.csv");
    const dated = rows[0]!.filter((c) => /^(Placed|Picked) /.test(c));
    expect(dated.length).toBeGreaterThan(0);
    // A day's column, or a week's (decision 072): its dates, or its name while the snapshot has none.
    for (const c of dated)
      expect(c).toMatch(
        /^(Placed|Picked) (\d{4}-\d{2}-\d{2}|day \d+|\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}|this week|last week)$/,
      );
    expect(rows[0]).toEqual(expect.arrayContaining(["Change", "Change %"]));
    expectFormat(rows, 0);
  });

  csvCase("_app.dashboard_.growth[.csv].tsx", "Growth by seller (months in its headers)", async () => {
    const rows = await download(growthCsvLoader as Loader, "vp@demo.test", "/dashboard/growth.csv?by=seller");
    const month = (c: string) => /\d{4}-\d{2}-01/.test(c);
    expect(rows[0]!.filter((c) => c.startsWith("Picked")).every(month)).toBe(true);
    for (const r of rows.slice(1)) {
      for (const i of [2, 3]) if (r[i]) expect(r[i]).toMatch(/^\d+\.\d{2}$/);
      if (r[4]) expect(r[4]).toMatch(/^-?\d+$/);
    }
    expectFormat(rows, 0, { text: ["Seller Name"] });
  });

  csvCase("_app.all-users.$id.rate-card.download[.csv].tsx", "a client's rate card", async () => {
    const rows = await download(
      clientCardCsv as Loader,
      "vp@demo.test",
      `/all-users/${clientId}/rate-card/download.csv`,
      {
        id: String(clientId),
      },
    );
    expectFormat(rows, 0, { amounts: MONEY_FIELDS.map((f) => CSV_PRICE_COLUMNS[f]) });
  });

  csvCase("_app.all-users.$id.rate-card.sample[.csv].tsx", "the sample rate card", async () => {
    const rows = await download(
      sampleCardCsv as Loader,
      "vp@demo.test",
      `/all-users/${clientId}/rate-card/sample.csv`,
      {
        id: String(clientId),
      },
    );
    expectFormat(rows, 0);
  });

  csvCase("_app.rate-cards.$segment.download[.csv].tsx", "a segment's rate card", async () => {
    const rows = await download(segmentCardCsv as Loader, "vp@demo.test", "/rate-cards/0/download.csv", {
      segment: "0",
    });
    expectFormat(rows, 0);
  });

  csvCase("_app.all-users.$id.serviceability.pincodes[.csv].tsx", "serviceable pincodes", async () => {
    const rows = await download(
      pincodesCsv as Loader,
      "vp@demo.test",
      `/all-users/${clientId}/serviceability/pincodes.csv?source_pincode=${sourcePincode}`,
      { id: String(clientId) },
      64 * 1024,
    );
    expectFormat(rows, 0);
  });

  csvCase("_app.all-users.$id.serviceability.courier.$courierId[.csv].tsx", "a courier's pincodes", async () => {
    const rows = await download(
      courierPincodesCsv as Loader,
      "vp@demo.test",
      `/all-users/${clientId}/serviceability/courier/${courierServiceId}.csv`,
      { id: String(clientId), courierId: String(courierServiceId) },
      64 * 1024,
    );
    expectFormat(rows, 0);
  });

  csvCase("_app.legal-status.download[.csv].tsx", "Legal Status", async () => {
    // Its columns hold names, counts and words (no dates or amounts); the seed may have no seller of a status.
    for (const status of ["0", "1"]) {
      const rows = await download(
        legalStatusCsv as Loader,
        "legal@demo.test",
        `/legal-status/download.csv?status=${status}`,
      );
      expect(rows[0]).toEqual([...STATUS_CSV_HEADER]);
      expectFormat(rows, 0, { mayBeEmpty: true });
    }
  });

  it("every [.csv] route of app/routes is checked above", () => {
    const routes = readdirSync(path.resolve(__dirname, "../../app/routes")).filter((f) => f.endsWith("[.csv].tsx"));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect([...TESTED].sort()).toEqual(routes.sort());
  });
});
