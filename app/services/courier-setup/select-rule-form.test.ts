import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { invalid } from "../core/result";
import {
  defaultPriority,
  formatList,
  INLINE_LIST_MAX,
  LANE_PLACES,
  longListSummaries,
  MAX_LIST_ENTRIES,
  parseLanes,
  parsePincodeCsv,
  parseProductCsv,
  parseSelectRule,
  SELECT_RULE_MESSAGES,
  selectRuleReady,
  selectRuleSummary,
  type SelectRuleValues,
  splitList,
  swapWithNeighbour,
  valuesOfRule,
} from "./select-rule-form";

const COURIERS = ["Delhivery", "Delhivery Air 0.5kg", "Blue Dart", "Blue Dart Air 0.5kg", "DTDC Surface 0.5kg"];
const blank = (): SelectRuleValues => valuesOfRule(null, null);
const values = (patch: Partial<SelectRuleValues>): SelectRuleValues => ({
  ...blank(),
  name: "Metro",
  zone_list: ["C"],
  selection: "cheapest",
  ...patch,
});

describe("parseSelectRule", () => {
  it("needs a name, a criterion and a selection type, each with its message", () => {
    const r = parseSelectRule(blank(), COURIERS);
    expect(r).toEqual({
      ok: false,
      fieldErrors: {
        name: SELECT_RULE_MESSAGES.name,
        criteria: SELECT_RULE_MESSAGES.criteria,
        selection: SELECT_RULE_MESSAGES.selection,
      },
    });
    expect(selectRuleReady(blank())).toBe(false);
    expect(selectRuleReady(values({}))).toBe(true);
    expect(selectRuleReady(values({ name: "  " }))).toBe(false);
    expect(selectRuleReady(values({ zone_list: [] }))).toBe(false);
    expect(selectRuleReady(values({ selection: "" }))).toBe(false);
    // A CSV file chosen for a list is the criterion (its text is read on the server).
    expect(selectRuleReady(values({ zone_list: [] }), true)).toBe(true);
    expect(selectRuleReady(values({ zone_list: [], name: "" }), true)).toBe(false);
  });

  it("builds the spec's shape from every criterion", () => {
    const r = parseSelectRule(
      values({
        service_type: ["surface", "express"],
        order_type: ["cod"],
        zone_list: ["E", "A"],
        product_list: "Shoes, Bags\nShoes",
        fm_list: "110001, 560001",
        lm_list: "400001",
        weight: [
          { min: "0.5", max: "2" },
          { min: "", max: "" },
          { min: "", max: "" },
        ],
        invoice: [
          { min: "100", max: "500.50" },
          { min: "", max: "" },
          { min: "", max: "" },
        ],
        lanes: [
          { from: "Delhi", to: "Karnataka" },
          { from: "", to: "" },
          { from: "", to: "" },
        ],
        selection: "priority",
        priority_list: ["Blue Dart", "", "Delhivery Air 0.5kg", "", ""],
        bl_list: ["DTDC Surface 0.5kg"],
      }),
      COURIERS,
    );
    expect(r).toEqual({
      ok: true,
      name: "Metro",
      criterias: {
        service_type: { list: ["express", "surface"] },
        order_type: { list: ["cod"] },
        zone_list: { list: ["A", "E"] },
        product_list: { list: ["Shoes", "Bags"] },
        pincode_list: { fm: ["110001", "560001"], lm: ["400001"] },
        weight: { list: [{ min: "0.5", max: "2" }] },
        invoice_value: { list: [{ min: "100", max: "500.50" }] },
        lane_list: { list: [{ from: "Delhi", to: "Karnataka" }] },
      },
      courier: {
        courier_selection_rule_type: "priority",
        active_parent: [
          { name: "Blue Dart", priority: 1 },
          { name: "Delhivery Air 0.5kg", priority: 2 },
        ],
        bl_parent: ["DTDC Surface 0.5kg"],
      },
    });
  });

  it("'Max Value should be greater' when max < min; equal is fine; bad numbers are refused", () => {
    const r = parseSelectRule(
      values({
        weight: [
          { min: "2", max: "1" },
          { min: "1", max: "1" },
          { min: "x", max: "3" },
        ],
        invoice: [
          { min: "10", max: "9.99" },
          { min: "", max: "" },
          { min: "", max: "" },
        ],
      }),
      COURIERS,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      weight_max_0: "Max Value should be greater",
      weight_min_2: SELECT_RULE_MESSAGES.number,
      invoice_max_0: "Max Value should be greater",
    });
  });

  it("drops incomplete weight, invoice and lane entries", () => {
    const r = parseSelectRule(
      values({
        zone_list: [],
        weight: [
          { min: "1", max: "" },
          { min: "", max: "5" },
          { min: "", max: "" },
        ],
        invoice: [
          { min: "", max: "9" },
          { min: "", max: "" },
          { min: "", max: "" },
        ],
        lanes: [
          { from: "Delhi", to: "" },
          { from: "", to: "Goa" },
          { from: "", to: "" },
        ],
      }),
      COURIERS,
    );
    // Nothing complete is left, so there is no criterion.
    expect(r).toEqual({ ok: false, fieldErrors: { criteria: SELECT_RULE_MESSAGES.criteria } });
    const kept = parseSelectRule(
      values({
        weight: [
          { min: "1", max: "" },
          { min: "1", max: "5" },
          { min: "", max: "" },
        ],
      }),
      COURIERS,
    );
    expect(kept.ok && kept.criterias.weight).toEqual({ list: [{ min: "1", max: "5" }] });
  });

  it("refuses a courier listed twice, unknown couriers, and a priority selection without couriers", () => {
    const twice = parseSelectRule(
      values({ selection: "priority", priority_list: ["Blue Dart", "Blue Dart", "", "", ""] }),
      COURIERS,
    );
    expect(twice).toEqual({ ok: false, fieldErrors: { priority_1: SELECT_RULE_MESSAGES.duplicate } });
    const unknown = parseSelectRule(
      values({ selection: "priority", priority_list: ["Nope", "", "", "", ""], bl_list: ["Nope"] }),
      COURIERS,
    );
    expect(unknown).toEqual({
      ok: false,
      fieldErrors: { priority_0: SELECT_RULE_MESSAGES.unknownCourier, bl_parent: SELECT_RULE_MESSAGES.unknownCourier },
    });
    expect(parseSelectRule(values({ selection: "priority" }), COURIERS)).toEqual({
      ok: false,
      fieldErrors: { priority_0: SELECT_RULE_MESSAGES.priorityCouriers },
    });
    // Cheapest and fastest ignore the priority list.
    const cheap = parseSelectRule(values({ priority_list: ["Blue Dart", "", "", "", ""] }), COURIERS);
    expect(cheap.ok && cheap.courier.active_parent).toEqual([]);
  });

  it("bounds the name", () => {
    const r = parseSelectRule(values({ name: "x".repeat(101) }), COURIERS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fieldErrors.name).toMatch(/at most 100 characters/);
  });

  it("round-trips through the form values", () => {
    const r = parseSelectRule(
      values({
        lm_list: "400001",
        weight: [
          { min: "1", max: "5" },
          { min: "", max: "" },
          { min: "", max: "" },
        ],
      }),
      COURIERS,
    );
    if (!r.ok) throw new Error("not ok");
    const back = valuesOfRule(
      { name: r.name, priority: 100, validity: { active: true }, criterias: r.criterias, courier: r.courier },
      3,
    );
    expect(back.version).toBe("3");
    expect(parseSelectRule(back, COURIERS)).toEqual(r);
  });
});

describe("pincode and product lists", () => {
  it("reads a CSV with a BOM, CRLF, blank lines and a header; keeps each pincode once", () => {
    expect(parsePincodeCsv("\uFEFFpincode\r\n110001\r\n\r\n560001\r\n110001\r\n")).toEqual({
      ok: true,
      list: ["110001", "560001"],
    });
    expect(parsePincodeCsv("110001, 560001,400001")).toEqual({ ok: true, list: ["110001", "560001", "400001"] });
    expect(parsePincodeCsv("")).toEqual({ ok: true, list: [] });
  });
  it("lists bad pincodes back with their line numbers (non-digits, 5 and 7 digits)", () => {
    const r = parsePincodeCsv("110001\n11000A\n\n1100011\n56001\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.bad).toEqual([
      { line: 2, value: "11000A" },
      { line: 4, value: "1100011" },
      { line: 5, value: "56001" },
    ]);
    expect(r.message).toBe("These are not 6-digit pincodes: line 2 '11000A', line 4 '1100011', line 5 '56001'.");
  });
  it("refuses more than the maximum entries", () => {
    const many = Array.from({ length: 11 }, (_, i) => String(100000 + i)).join("\n");
    expect(parsePincodeCsv(many, 10)).toEqual(invalid(SELECT_RULE_MESSAGES.tooMany(10), { bad: [] }));
    expect(parsePincodeCsv(many, 11).ok).toBe(true);
    expect(SELECT_RULE_MESSAGES.tooMany(MAX_LIST_ENTRIES)).toBe("A list may hold at most 1,00,000 entries.");
  });
  it("reads product names and refuses over-long ones", () => {
    expect(parseProductCsv("product\nShoes\r\nBags, Belts")).toEqual({ ok: true, list: ["Shoes", "Bags", "Belts"] });
    expect(parseProductCsv("y".repeat(101)).ok).toBe(false);
  });
});

describe("priorities", () => {
  it("a new rule gets 100 minus the count of existing rules", () => {
    expect(defaultPriority(0)).toBe(100);
    expect(defaultPriority(3)).toBe(97);
  });

  const list = [
    { id: 1, priority: 100 },
    { id: 2, priority: 99 },
    { id: 3, priority: 97 },
  ];
  it("moves swap with the neighbour; the first cannot move up, the last cannot move down", () => {
    expect(swapWithNeighbour(list, 2, "up")).toEqual({
      ok: true,
      updates: [
        { id: 2, priority: 100 },
        { id: 1, priority: 99 },
      ],
    });
    expect(swapWithNeighbour(list, 2, "down")).toEqual({
      ok: true,
      updates: [
        { id: 2, priority: 97 },
        { id: 3, priority: 99 },
      ],
    });
    expect(swapWithNeighbour(list, 1, "up")).toEqual(invalid("The first rule cannot move up."));
    expect(swapWithNeighbour(list, 3, "down")).toEqual(invalid("The last rule cannot move down."));
    expect(swapWithNeighbour(list, 9, "up")).toEqual(invalid("This rule no longer exists."));
  });

  it("property: any sequence of moves keeps priorities unique and moves the rule one place", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -50, max: 100 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 40 }),
        (priorities, moves) => {
          let rules = priorities.map((p, i) => ({ id: i + 1, priority: p }));
          for (const [pick, up] of moves) {
            const ordered = [...rules].sort((a, b) => b.priority - a.priority);
            const at = pick % ordered.length;
            const r = swapWithNeighbour(rules, ordered[at].id, up ? "up" : "down");
            if (!r.ok) {
              expect(up ? at === 0 : at === ordered.length - 1).toBe(true);
              continue;
            }
            rules = rules.map((x) => r.updates.find((u) => u.id === x.id) ?? x);
            const after = [...rules].sort((a, b) => b.priority - a.priority);
            expect(after.findIndex((x) => x.id === ordered[at].id)).toBe(up ? at - 1 : at + 1);
            expect(new Set(rules.map((x) => x.priority)).size).toBe(rules.length);
          }
        },
      ),
    );
  });

  it("equal stored priorities still move the rule past its neighbour", () => {
    const r = swapWithNeighbour(
      [
        { id: 1, priority: 50 },
        { id: 2, priority: 50 },
      ],
      2,
      "up",
    );
    expect(r).toEqual({
      ok: true,
      updates: [
        { id: 2, priority: 51 },
        { id: 1, priority: 50 },
      ],
    });
  });
});

describe("selectRuleSummary", () => {
  it("says what the rule matches and picks", () => {
    const s = selectRuleSummary({
      criterias: {
        zone_list: { list: ["C"] },
        pincode_list: { lm: Array.from({ length: 10000 }, (_, i) => String(100000 + i)) },
      },
      courier: {
        courier_selection_rule_type: "priority",
        active_parent: [
          { name: "B", priority: 2 },
          { name: "A", priority: 1 },
        ],
        bl_parent: ["C"],
      },
    });
    expect(s).toEqual({
      criteria: "zones C; 10,000 destination pincodes",
      selection: "priority: A > B (blacklist: C)",
    });
  });
});

describe("lanes: ends chosen from the places the pincode table names", () => {
  it("offers every state as the data spells it and the metro cities, and no billing zone letters", () => {
    const values = LANE_PLACES.map((p) => p.value);
    for (const place of [
      "Delhi",
      "Karnataka",
      "Chattisgarh",
      "Dadra & Nagar Haveli",
      "Daman & Diu",
      "Delhi NCR",
      "Bengaluru",
      "Mumbai",
    ])
      expect(values).toContain(place);
    for (const zone of ["A", "B", "C", "D", "E"]) expect(values).not.toContain(zone);
    expect(new Set(values).size).toBe(values.length);
  });

  it("keeps complete rows once, drops incomplete ones, refuses places not in the list with a message per end", () => {
    const errors: Record<string, string> = {};
    const lanes = parseLanes(
      [
        { from: "Delhi NCR", to: "Karnataka" },
        { from: "Goa", to: "" },
        { from: "Delhi NCR", to: "Karnataka" },
      ],
      errors,
    );
    expect(lanes).toEqual([{ from: "Delhi NCR", to: "Karnataka" }]);
    expect(errors).toEqual({});
    const bad: Record<string, string> = {};
    expect(
      parseLanes(
        [
          { from: "A", to: "C" },
          { from: "Atlantis", to: "" },
          { from: "Goa", to: "delhi" },
        ],
        bad,
      ),
    ).toEqual([]);
    expect(bad).toEqual({
      lane_from_0: SELECT_RULE_MESSAGES.lanePlace,
      lane_to_0: SELECT_RULE_MESSAGES.lanePlace,
      lane_from_1: SELECT_RULE_MESSAGES.lanePlace,
      lane_to_2: SELECT_RULE_MESSAGES.lanePlace,
    });
    // Through the whole form: refused, nothing else wrong.
    const r = parseSelectRule(
      values({
        lanes: [
          { from: "Zone A", to: "Goa" },
          { from: "", to: "" },
          { from: "", to: "" },
        ],
      }),
      COURIERS,
    );
    expect(r).toEqual({ ok: false, fieldErrors: { lane_from_0: SELECT_RULE_MESSAGES.lanePlace } });
  });
});

describe("advantage selection", () => {
  it("stores standard '_0' and promise '_85', no priority list; the summary says so", () => {
    const r = parseSelectRule(
      values({ selection: "advantage", priority_list: ["Blue Dart", "", "", "", ""], bl_list: ["DTDC Surface 0.5kg"] }),
      COURIERS,
    );
    expect(r.ok && r.courier).toEqual({
      courier_selection_rule_type: "advantage",
      active_parent: [],
      bl_parent: ["DTDC Surface 0.5kg"],
      standard: "_0",
      promise: "_85",
    });
    if (!r.ok) return;
    const rule = {
      name: r.name,
      priority: 100,
      validity: { active: true },
      criterias: r.criterias,
      courier: r.courier,
    };
    expect(valuesOfRule(rule, 3).selection).toBe("advantage");
    expect(selectRuleSummary(rule).selection).toBe(
      "advantage (standard _0, promise _85) (blacklist: DTDC Surface 0.5kg)",
    );
    expect(parseSelectRule(values({ selection: "premium" }), COURIERS)).toEqual({
      ok: false,
      fieldErrors: { selection: SELECT_RULE_MESSAGES.selection },
    });
  });
});

describe("long stored lists: keep, replace, clear", () => {
  const long = Array.from({ length: 100_000 }, (_, i) => String(100_000 + i));
  const short = Array.from({ length: INLINE_LIST_MAX }, (_, i) => String(200_000 + i));
  const rule = {
    name: "Long",
    priority: 100,
    validity: { active: true },
    criterias: { pincode_list: { lm: long, fm: short }, product_list: { list: ["Tea"] } },
    courier: { courier_selection_rule_type: "cheapest" as const, active_parent: [], bl_parent: [] },
  };

  it("a list over INLINE_LIST_MAX entries is not put in the form: it starts as 'keep' with a summary; shorter ones stay inline", () => {
    const v = valuesOfRule(rule, 7);
    expect(v.lm_list).toBe("");
    expect(v.list_mode).toEqual({ product_list: "edit", fm_list: "edit", lm_list: "keep" });
    expect(v.fm_list.split(", ")).toEqual(short);
    expect(longListSummaries(rule)).toEqual({ lm_list: { count: 100_000, head: long.slice(0, 5) } });
    expect(JSON.stringify(v).length).toBeLessThan(5_000);
    expect(selectRuleReady({ ...v, zone_list: [], fm_list: "", product_list: "" })).toBe(true);
  });

  it("keep saves the stored list exactly, unposted; text given with keep or clear is refused; replace needs a list; clear drops it", () => {
    const v = valuesOfRule(rule, 7);
    const kept = parseSelectRule(v, COURIERS, { lm_list: long, fm_list: short, product_list: ["Tea"] });
    expect(kept.ok && kept.criterias.pincode_list).toEqual({ lm: long, fm: short });
    const given = parseSelectRule({ ...v, lm_list: "560001" }, COURIERS, { lm_list: long });
    expect(given).toEqual({ ok: false, fieldErrors: { lm_list: SELECT_RULE_MESSAGES.keptListGiven } });
    expect(
      parseSelectRule({ ...v, list_mode: { ...v.list_mode, lm_list: "clear" }, lm_list: "1" }, COURIERS, {
        lm_list: long,
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { lm_list: SELECT_RULE_MESSAGES.keptListGiven },
    });
    expect(
      parseSelectRule({ ...v, list_mode: { ...v.list_mode, lm_list: "replace" } }, COURIERS, { lm_list: long }),
    ).toEqual({
      ok: false,
      fieldErrors: { lm_list: SELECT_RULE_MESSAGES.replaceEmpty },
    });
    const replaced = parseSelectRule(
      { ...v, list_mode: { ...v.list_mode, lm_list: "replace" }, lm_list: "560001\n560002" },
      COURIERS,
      { lm_list: long },
    );
    expect(replaced.ok && replaced.criterias.pincode_list?.lm).toEqual(["560001", "560002"]);
    const cleared = parseSelectRule({ ...v, list_mode: { ...v.list_mode, lm_list: "clear" } }, COURIERS, {
      lm_list: long,
    });
    expect(cleared.ok && cleared.criterias.pincode_list).toEqual({ fm: short });
  });
});

describe("product names with commas and quotes (the editor's text and the CSV download round trip)", () => {
  const names = ["Shirt, blue", 'Mug "XL"', "Plain tee", "Socks,\nwool"];
  it("the editor's text quotes what needs it and reads back the same list", () => {
    expect(formatList(["Shirt, blue", "Plain tee", 'Mug "XL"'])).toBe('"Shirt, blue", Plain tee, "Mug ""XL"""');
    expect(splitList(formatList(names))).toEqual(names);
    expect(splitList('a, "b, c" ,d\n"e ""f""" ,, ')).toEqual(["a", "b, c", "d", 'e "f"']);
    // Typed without quotes, a comma still separates (as it always has).
    expect(splitList("Shirt, blue")).toEqual(["Shirt", "blue"]);
  });
  it("the list's CSV download uploads back as the same list (BOM, CRLF, header)", () => {
    const storable = names.slice(0, 3); // a line break is a control character: no product name holds one
    const csv = "\uFEFF" + stringify([["product"], ...storable.map((n) => [n])], { record_delimiter: "\r\n" });
    expect(parseProductCsv(csv)).toEqual({ ok: true, list: storable });
  });
  it("any list of names survives text and back (property)", () => {
    const name = fc
      .string({ minLength: 1, maxLength: 30 })
      .map((v) => v.replace(/[\u0000-\u001f\u007f]/g, "").trim())
      .filter((v) => v !== "");
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 20 }), (list) => {
        expect(splitList(formatList(list))).toEqual(list);
        const csv = stringify(list.map((n) => [n]));
        expect(splitList(csv)).toEqual(list);
      }),
    );
  });
});
