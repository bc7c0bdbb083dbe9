import { describe, expect, it } from "vitest";

import { isSegment, MONEY_FIELDS, RATE_FIELDS, ZONE_PRICE_FIELDS, ZONE_PRICE_LABELS } from "./rate-fields";
import { ZONE_COLUMNS } from "./zones";

describe("rate fields", () => {
  it("list the zone prices base then additional, zone by zone", () => {
    expect(ZONE_PRICE_FIELDS).toEqual(ZONE_COLUMNS.flatMap((z) => [`zone_${z.key}_base`, `zone_${z.key}_add`]));
  });

  it("put the COD terms, surcharge, NDD and divisor after the zones", () => {
    expect(RATE_FIELDS.slice(10)).toEqual(["cod_charge", "cod_percentage", "surcharge", "ndd_charge", "divisor"]);
    expect(MONEY_FIELDS).not.toContain("cod_percentage");
    expect(MONEY_FIELDS).not.toContain("divisor");
  });

  it("recognise the three segments only", () => {
    expect([0, 1, 2].every(isSegment)).toBe(true);
    expect(isSegment(3)).toBe(false);
    expect(isSegment("0")).toBe(false);
  });
});

describe("zone price labels", () => {
  it("names every zone price field as the tables and files spell it", () => {
    expect(ZONE_PRICE_LABELS.zone_a_base).toBe("Zone A Base");
    expect(ZONE_PRICE_LABELS.zone_e_add).toBe("Zone E Additional");
    expect(Object.keys(ZONE_PRICE_LABELS)).toEqual([...ZONE_PRICE_FIELDS]);
  });
});
