import { describe, expect, it } from "vitest";

import { conflict, fail, invalid, isFailure, refusals, stale } from "./result";

describe("service results", () => {
  it("builds each failure with its status and message", () => {
    expect(fail(413, "Too large.")).toEqual({ ok: false, status: 413, message: "Too large." });
    expect(invalid("Some field is not valid", { fieldErrors: { zone_a_base: "Please fill!" } })).toEqual({
      ok: false,
      status: 400,
      message: "Some field is not valid",
      fieldErrors: { zone_a_base: "Please fill!" },
    });
    expect(invalid("Unknown plan.")).toEqual({ ok: false, status: 400, message: "Unknown plan." });
    expect(conflict("Changed.", { version: 3 })).toEqual({
      ok: false,
      status: 409,
      conflict: true,
      message: "Changed.",
      current: { version: 3 },
    });
    expect(stale("Preview again.")).toEqual({ ok: false, status: 409, stale: true, message: "Preview again." });
  });

  it("an area's refusals carry its own sentences", () => {
    const { forbidden, notFound } = refusals({ forbidden: "Not yours.", notFound: "Not there." });
    expect(forbidden()).toEqual({ ok: false, status: 403, message: "Not yours." });
    expect(notFound()).toEqual({ ok: false, status: 404, message: "Not there." });
    expect(notFound("No such row.")).toEqual({ ok: false, status: 404, message: "No such row." });
    expect(isFailure(forbidden())).toBe(true);
    expect(isFailure({ ok: true as const })).toBe(false);
  });
});
