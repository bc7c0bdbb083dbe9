/** The publish-date rule (decision 063): past, today and future deadlines; mandatory against optional. */
import { describe, expect, it } from "vitest";

import { deadlineMessages, publishDateProblem } from "./deadline";

const today = "2026-11-27";
const mandatory = (publish_at: string, days: number) => ({ publish_at, order_blocking: "mandatory", days });
const optional = (publish_at: string) => ({ publish_at, order_blocking: "optional", days: null });

describe("the publish-date rule", () => {
  it("refuses a mandatory document whose deadline (publish date + days) is already past", () => {
    // The case: three weeks back, three days.
    expect(publishDateProblem(mandatory("2026-11-06", 3), today)).toBe(deadlineMessages.deadlinePast("2026-11-09"));
    expect(deadlineMessages.deadlinePast("2026-11-09")).toContain("09-11-2026");
    expect(publishDateProblem(mandatory("2026-11-25", 1), today)).toBe(deadlineMessages.deadlinePast("2026-11-26"));
  });

  it("refuses a mandatory document whose deadline is today", () => {
    expect(publishDateProblem(mandatory("2026-11-26", 1), today)).toBe(deadlineMessages.deadlineToday(today));
    expect(publishDateProblem(mandatory("2026-11-17", 10), today)).toBe(deadlineMessages.deadlineToday(today));
    expect(deadlineMessages.deadlineToday(today)).toContain("27-11-2026");
  });

  it("refuses a backdated mandatory document even when its deadline is still ahead", () => {
    expect(publishDateProblem(mandatory("2026-11-26", 30), today)).toBe(deadlineMessages.backdated(today));
    expect(deadlineMessages.backdated(today)).toContain("only for optional documents");
  });

  it("allows a mandatory document published today or later (its deadline is after today)", () => {
    expect(publishDateProblem(mandatory(today, 1), today)).toBeNull();
    expect(publishDateProblem(mandatory("2026-12-05", 3), today)).toBeNull();
  });

  it("allows an optional document on any date, past included", () => {
    for (const day of ["2026-11-06", "2026-11-26", today, "2027-01-01"])
      expect(publishDateProblem(optional(day), today)).toBeNull();
  });

  it("counts days across month and year ends in India's calendar", () => {
    expect(publishDateProblem(mandatory("2026-12-31", 1), "2027-01-01")).toBe(
      deadlineMessages.deadlineToday("2027-01-01"),
    );
    expect(publishDateProblem(mandatory("2027-01-01", 1), "2027-01-01")).toBeNull();
  });
});
