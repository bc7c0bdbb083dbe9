import { describe, expect, it } from "vitest";

import { reminderDue, reminderMail } from "./reminders";

describe("reminderDue", () => {
  it("sends the 3-day reminder three and two days before the deadline, the 1-day one the day before, none else", () => {
    const deadline = "2026-12-10";
    const due = ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"].map(
      (today) => reminderDue(deadline, today),
    );
    expect(due).toEqual([null, null, "3d", "3d", "1d", null, null]);
  });
  it("counts days across a month and a year", () => {
    expect(reminderDue("2027-01-01", "2026-12-29")).toBe("3d");
    expect(reminderDue("2026-03-01", "2026-02-28")).toBe("1d");
  });
});

describe("reminderMail", () => {
  it("names the document, its version and the deadline in DD-MM-YYYY", () => {
    const mail = reminderMail({
      seller_name: "Asha Traders",
      label: "Agreement",
      version: 3,
      publish_at: "2026-12-01",
      deadline: "2026-12-10",
      kind: "1d",
    });
    expect(mail.subject).toBe("Reminder: please accept the Agreement (version 3) before 10-12-2026");
    expect(mail.text).toContain("Dear Asha Traders");
    expect(mail.text).toContain("published on 01-12-2026");
    expect(mail.text).toContain("new orders are refused from tomorrow");
  });
});
