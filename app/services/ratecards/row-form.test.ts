import { describe, expect, it } from "vitest";

import { RATE_FIELDS } from "../core/rate-fields";
import { rateRowFormSchema, rateRowFormValues, weightSlabFormSchema } from "./row-form";

const valid = {
  rowId: "17",
  version: "3",
  zone_a_base: "30",
  zone_a_add: "28.5",
  zone_b_base: "35.25",
  zone_b_add: "31",
  zone_c_base: "40",
  zone_c_add: "36",
  zone_d_base: "45",
  zone_d_add: "40",
  zone_e_base: "55",
  zone_e_add: "47",
  cod_charge: "30",
  cod_percentage: "1.75",
  surcharge: "0",
  ndd_charge: "0",
  divisor: "5000",
};

function errorsOf(input: Record<string, unknown>) {
  const r = rateRowFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("rate row edit form", () => {
  it("accepts non-negative decimals and normalises them to two decimals", () => {
    const r = rateRowFormSchema.safeParse(valid);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.rowId).toBe(17);
    expect(r.data.version).toBe(3);
    const v = rateRowFormValues(r.data);
    expect(v.zone_a_add).toBe("28.50");
    expect(v.zone_b_base).toBe("35.25");
    expect(v.surcharge).toBe("0.00");
    expect(v.cod_percentage).toBe("1.75");
    expect(v.divisor).toBe("5000");
    expect(Object.keys(v).sort()).toEqual([...RATE_FIELDS].sort());
  });

  it("says 'Please fill!' for every missing or empty field", () => {
    for (const field of RATE_FIELDS) {
      expect(errorsOf({ ...valid, [field]: "" })).toEqual({ [field]: "Please fill!" });
      expect(errorsOf({ ...valid, [field]: "   " })).toEqual({ [field]: "Please fill!" });
      const { [field]: _omitted, ...rest } = valid;
      expect(errorsOf(rest)).toEqual({ [field]: "Please fill!" });
    }
  });

  it("says '* Enter valid number !' for negatives, text and more than two decimals", () => {
    for (const field of RATE_FIELDS) {
      for (const bad of ["-1", "abc", "1.234", "1,5", "1e2"]) {
        expect(errorsOf({ ...valid, [field]: bad }), `${field}=${bad}`).toEqual({ [field]: "* Enter valid number !" });
      }
    }
  });

  it("keeps a percentage within 100 and a divisor a whole number above zero", () => {
    expect(errorsOf({ ...valid, cod_percentage: "100" })).toEqual({});
    expect(errorsOf({ ...valid, cod_percentage: "100.5" })).toEqual({ cod_percentage: "* Enter valid number !" });
    expect(errorsOf({ ...valid, divisor: "0" })).toEqual({ divisor: "* Enter valid number !" });
    expect(errorsOf({ ...valid, divisor: "4000.5" })).toEqual({ divisor: "* Enter valid number !" });
    expect(errorsOf({ ...valid, divisor: "4000.00" })).toEqual({});
  });

  it("requires the version the editor saw", () => {
    expect(Object.keys(errorsOf({ ...valid, version: "" }))).toEqual(["version"]);
    expect(Object.keys(errorsOf({ ...valid, version: "x" }))).toEqual(["version"]);
  });
});

describe("weight slab form", () => {
  const slab = {
    courier_service_id: "101",
    shipment_type: "FORWARD",
    delivery_type: "surface",
    first_slab: "0.5",
    second_slab: "1",
    version: "1",
  };
  const slabErrors = (input: Record<string, unknown>) => {
    const r = weightSlabFormSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("accepts every weight of the fixed list", () => {
    for (const w of ["0.1", "0.25", "0.5", "1", "2", "3", "4", "5", "6", "7", "10", "15", "20", "50", "100"]) {
      const r = weightSlabFormSchema.safeParse({ ...slab, first_slab: w, second_slab: w });
      expect(r.success, w).toBe(true);
    }
    const r = weightSlabFormSchema.parse({ ...slab, first_slab: "0.50", second_slab: "10" });
    expect([r.first_slab, r.second_slab]).toEqual(["0.50", "10.00"]);
  });

  it("says 'Please enter base weight!' / 'Please enter additional weight!' when missing or off the list", () => {
    expect(slabErrors({ ...slab, first_slab: "" })).toEqual({ first_slab: "Please enter base weight!" });
    expect(slabErrors({ ...slab, second_slab: "" })).toEqual({ second_slab: "Please enter additional weight!" });
    const { first_slab: _f, second_slab: _s, ...none } = slab;
    expect(slabErrors(none)).toEqual({
      first_slab: "Please enter base weight!",
      second_slab: "Please enter additional weight!",
    });
    expect(slabErrors({ ...slab, first_slab: "0.75" })).toEqual({ first_slab: "Please enter base weight!" });
    expect(slabErrors({ ...slab, second_slab: "8" })).toEqual({ second_slab: "Please enter additional weight!" });
    expect(slabErrors({ ...slab, second_slab: "-1" })).toEqual({ second_slab: "Please enter additional weight!" });
  });
});
