import { describe, expect, it } from "vitest";

import {
  COD_QUERY_MESSAGES,
  codDownloadHrefs,
  codListHref,
  codSearch,
  parseCodView,
  presetLinks,
  presetOf,
  presetRange,
  refusedCodView,
} from "./cod-query";
import { billDueDate, cycleOf, remittanceDate, weekStart } from "./cycles";
import { refusedReleasedView } from "./released-query";

const today = "2026-11-24";
const parse = (q: string, day = today) => parseCodView(new URLSearchParams(q), day);

describe("On Hold COD date presets", () => {
  it("computes each preset from today", () => {
    expect(presetRange("today", today)).toEqual({ from: today, to: today });
    expect(presetRange("yesterday", today)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(presetRange("last_7_days", today)).toEqual({ from: "2026-11-18", to: today });
    expect(presetRange("this_month", today)).toEqual({ from: "2026-11-01", to: today });
    expect(presetRange("last_30_days", today)).toEqual({ from: "2026-10-26", to: today });
  });
  it("This Month on the 1st is that one day; Yesterday on the 1st is last month's last day", () => {
    expect(presetRange("this_month", "2026-12-01")).toEqual({ from: "2026-12-01", to: "2026-12-01" });
    expect(presetRange("yesterday", "2027-01-01")).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    // On the 1st, Today and This Month are the same range: the first matching preset is marked.
    expect(presetOf({ from: "2026-12-01", to: "2026-12-01" }, "2026-12-01")).toBe("today");
  });
  it("Last 30 Days is 29 days back to today, across a leap day", () => {
    expect(presetRange("last_30_days", "2028-03-15")).toEqual({ from: "2028-02-15", to: "2028-03-15" });
  });
});

describe("parseCodView", () => {
  it("defaults to the last 30 days, page 1, no search", () => {
    expect(parse("")).toEqual({ ok: true, view: { by: "ref", q: "", from: "2026-10-26", to: today, page: 1 } });
  });
  it("reads a preset, a custom range, a search and a page", () => {
    expect(parse("preset=yesterday")).toMatchObject({ ok: true, view: { from: "2026-11-23", to: "2026-11-23" } });
    expect(parse("from=2026-09-01&to=2026-09-30&by=awb&q=%20PK123%20&page=3")).toEqual({
      ok: true,
      view: { by: "awb", q: "PK123", from: "2026-09-01", to: "2026-09-30", page: 3 },
    });
  });
  it("refuses bad dates, a reversed or too long range, and an over-long search", () => {
    expect(parse("from=2026-02-30&to=2026-03-01")).toEqual({
      ok: false,
      status: 400,
      message: COD_QUERY_MESSAGES.date,
    });
    expect(parse("from=2026-11-02&to=2026-11-01")).toEqual({
      ok: false,
      status: 400,
      message: COD_QUERY_MESSAGES.order,
    });
    expect(parse("from=2024-01-01&to=2026-11-01")).toEqual({
      ok: false,
      status: 400,
      message: COD_QUERY_MESSAGES.span,
    });
    expect(parse(`q=${"x".repeat(101)}`)).toEqual({ ok: false, status: 400, message: COD_QUERY_MESSAGES.q });
  });
  it("writes the view back as a URL (round trip)", () => {
    const parsed = parse("from=2026-09-01&to=2026-09-30&by=email&q=a%40b.in&page=2");
    if (!parsed.ok) throw new Error("parse failed");
    expect(parse(codSearch(parsed.view).slice(1))).toEqual(parsed);
    expect(codSearch(parsed.view, { page: 1 })).toBe("?by=email&q=a%40b.in&from=2026-09-01&to=2026-09-30");
  });
});

describe("cycles", () => {
  it("a week runs Monday to Sunday (IST days) and is paid out 8 days after its Sunday", () => {
    expect(weekStart("2026-11-24")).toBe("2026-11-23");
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(cycleOf("2026-11-29")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(remittanceDate("2026-11-29")).toBe("2026-12-07");
  });
  it("a bill is due by the customer type", () => {
    expect(billDueDate("2026-11-29", "WALLET", 0)).toBe("2026-11-29");
    expect(billDueDate("2026-11-29", "COD_MINUS_BILL", 15)).toBe("2026-12-06");
    expect(billDueDate("2026-11-29", "SEPARATE_BILL", 15)).toBe("2026-12-14");
  });
});

describe("On Hold COD links", () => {
  const view = { by: "email" as const, q: "a@b.test", from: "2026-11-18", to: today, page: 3 };
  it("links the list at a view, and the downloads from the first row", () => {
    expect(codListHref(view)).toBe("/on-hold-cod?by=email&q=a%40b.test&from=2026-11-18&to=2026-11-24&page=3");
    expect(codListHref(view, { page: 1 })).toBe("/on-hold-cod?by=email&q=a%40b.test&from=2026-11-18&to=2026-11-24");
    expect(codDownloadHrefs(view)).toEqual({
      xlsx: "/on-hold-cod/download.xlsx?by=email&q=a%40b.test&from=2026-11-18&to=2026-11-24",
      csv: "/on-hold-cod/cod-status.csv?by=email&q=a%40b.test&from=2026-11-18&to=2026-11-24",
    });
  });
  it("gives each preset its range from page 1, keeping the search, and marks the range shown", () => {
    const links = presetLinks(view, today);
    expect(links.map((l) => l.label)).toEqual(["Today", "Yesterday", "Last 7 Days", "This Month", "Last 30 Days"]);
    expect(links.filter((l) => l.current).map((l) => l.preset)).toEqual(["last_7_days"]);
    expect(links[0].href).toBe("/on-hold-cod?by=email&q=a%40b.test&from=2026-11-24&to=2026-11-24");
    expect(presetLinks({ ...view, from: "2026-01-01" }, today).some((l) => l.current)).toBe(false);
  });
});

describe("a refused view, shown as typed", () => {
  const refuse = (q: string) => {
    const p = new URLSearchParams(q);
    const parsed = parseCodView(p, today);
    if (parsed.ok) throw new Error("expected a refusal");
    return refusedCodView(p, today, parsed.message);
  };
  it("keeps the search and the typed days, the message by the dates", () => {
    expect(refuse("by=email&q=a%40b.test&from=2026-11-20&to=2026-11-01")).toEqual({
      view: { by: "email", q: "a@b.test", from: "2026-11-20", to: "2026-11-01", page: 1 },
      field: "range",
      message: COD_QUERY_MESSAGES.order,
    });
  });
  it("puts the default range's day where the typed one is not a day", () => {
    expect(refuse("from=27-11-2026&to=2026-11-10").view).toMatchObject({ from: "2026-10-26", to: "2026-11-10" });
  });
  it("drops an over-long search and shows its message by the search field", () => {
    const r = refuse(`q=${"x".repeat(500)}&from=2026-11-01&to=2026-11-10`);
    expect(r).toMatchObject({ field: "q", view: { q: "", from: "2026-11-01", to: "2026-11-10" } });
  });
  it("does the same for the Released view, an unknown approver by its field", () => {
    expect(
      refusedReleasedView(new URLSearchParams("from=2026-11-09&to=2026-11-01&approver=a%40b.test"), today, "x"),
    ).toEqual({
      view: { from: "2026-11-09", to: "2026-11-01", approver: "a@b.test", page: 1 },
      field: "range",
      message: "x",
    });
    expect(
      refusedReleasedView(new URLSearchParams("approver=bad"), today, "Choose an approver from the list.").field,
    ).toBe("approver");
  });
});
