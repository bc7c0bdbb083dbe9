import { describe, expect, it } from "vitest";

import { istDateLabel, istDateTimeLabel, registeredDateLabel, toIstIso } from "./dates";

describe("registered date (docs/product.md §9)", () => {
  it("is the IST timestamp with its last 9 characters cut", () => {
    const d = new Date("2024-03-15T04:52:31.000Z"); // 10:22:31 IST
    expect(toIstIso(d)).toBe("2024-03-15T10:22:31+05:30");
    expect(registeredDateLabel(d)).toBe("2024-03-15 10:22");
  });
  it("rolls over midnight in India, not UTC", () => {
    expect(registeredDateLabel(new Date("2024-12-31T20:00:00Z"))).toBe("2025-01-01 01:30");
  });
});

describe("istDateTimeLabel", () => {
  it("shows the IST day, month name, year and time", () => {
    expect(istDateTimeLabel(new Date("2026-10-08T05:47:14Z"))).toBe("08 Oct 2026, 11:17");
    expect(istDateTimeLabel("2026-12-31T18:30:00Z")).toBe("01 Jan 2027, 00:00");
  });
});

describe("istDateLabel", () => {
  it("is the IST day, as toLocaleDateString en-IN with the short month would write it", () => {
    for (const at of ["2026-10-08T05:47:14Z", "2026-12-31T18:30:00Z", "2026-12-31T18:29:59Z", "2024-02-29T00:00:00Z"]) {
      const expected = new Date(at).toLocaleDateString("en-IN", {
        day: "2-digit",
        month: "short",
        year: "numeric",
        timeZone: "Asia/Kolkata",
      });
      expect(istDateLabel(at)).toBe(expected);
    }
    expect(istDateLabel(new Date("2026-12-31T18:30:00Z"))).toBe("01 Jan 2027");
  });
});
