import { describe, expect, it } from "vitest";

import { deadlineMessages } from "./deadline";
import { keptPdfSchema, LEGAL_MESSAGES, legalAccessSchema, parseLegalDocument, UNSAFE_FILE_NAME } from "./forms";

const valid = {
  doc_name: "agreement",
  doc_type: "broadcast",
  email: "",
  segment: "2",
  description: "Merchant agreement 2026",
  publish_at: "2026-04-01",
  order_blocking: "optional",
  days: "",
};

const errorsOf = (fields: Record<string, unknown>) => {
  const r = parseLegalDocument(fields);
  return r.ok ? {} : r.fieldErrors;
};

describe("Add New Document", () => {
  it("a complete broadcast parses; e-mail and days are dropped when not used", () => {
    const r = parseLegalDocument({ ...valid, email: "ignored@x.in", days: "9" });
    expect(r).toEqual({ ok: true, input: { ...valid, email: null, days: null } });
  });

  it("each required field has the spec's message", () => {
    expect(errorsOf({})).toEqual({
      doc_name: LEGAL_MESSAGES.docName,
      doc_type: LEGAL_MESSAGES.docType,
      segment: LEGAL_MESSAGES.segment,
      description: LEGAL_MESSAGES.description,
      publish_at: LEGAL_MESSAGES.publishAt,
      order_blocking: LEGAL_MESSAGES.orderBlocking,
    });
    expect(LEGAL_MESSAGES.docName).toBe("Please select a document type!");
    expect(LEGAL_MESSAGES.docType).toBe("Please enter target users details!");
    expect(LEGAL_MESSAGES.description).toBe("descripton is required!");
    expect(LEGAL_MESSAGES.orderBlocking).toBe("order blocking type is required!");
    expect(LEGAL_MESSAGES.segment).toBe("Please select user segment type!");
  });

  it("a blank description is missing; unknown choices are refused", () => {
    expect(errorsOf({ ...valid, description: "   " })).toEqual({ description: "descripton is required!" });
    expect(errorsOf({ ...valid, doc_name: "contract", segment: "4" })).toEqual({
      doc_name: LEGAL_MESSAGES.docName,
      segment: LEGAL_MESSAGES.segment,
    });
  });

  it("Specific needs a valid e-mail", () => {
    expect(errorsOf({ ...valid, doc_type: "specific" })).toEqual({ email: "Please enter E-mail!" });
    expect(errorsOf({ ...valid, doc_type: "specific", email: "not-an-email" })).toEqual({
      email: "The input is not valid E-mail!",
    });
    const r = parseLegalDocument({ ...valid, doc_type: "specific", email: " Seller@Shop.IN " });
    expect(r.ok && r.input.email).toBe("seller@shop.in");
  });

  it("the e-mail and period messages show with the other fields' messages", () => {
    expect(errorsOf({ doc_type: "specific", email: "nope", order_blocking: "mandatory", days: "0" })).toMatchObject({
      doc_name: LEGAL_MESSAGES.docName,
      email: "The input is not valid E-mail!",
      days: LEGAL_MESSAGES.days,
    });
  });

  it("mandatory needs an acceptance period of at least 1 day", () => {
    for (const days of ["", "0", "-1", "1.5", "abc"]) {
      expect(errorsOf({ ...valid, order_blocking: "mandatory", days })).toEqual({ days: LEGAL_MESSAGES.days });
    }
    expect(errorsOf({ ...valid, order_blocking: "mandatory", days: "3651" })).toEqual({
      days: LEGAL_MESSAGES.daysTooLong,
    });
    const r = parseLegalDocument({ ...valid, order_blocking: "mandatory", days: "15" });
    expect(r.ok && r.input.days).toBe(15);
  });

  it("a publish date must be a real date; text has a maximum length", () => {
    expect(errorsOf({ ...valid, publish_at: "2026-02-30" })).toEqual({ publish_at: LEGAL_MESSAGES.publishAt });
    expect(errorsOf({ ...valid, description: "x".repeat(1001) })).toEqual({
      description: "Please enter at most 1,000 characters.",
    });
    expect(Object.keys(errorsOf({ ...valid, doc_type: "specific", email: `${"a".repeat(250)}@x.in` }))).toEqual([
      "email",
    ]);
  });

  it("given India's today, the publish-date rule answers on the date field with the other fields' messages", () => {
    const today = "2026-11-27";
    const backdated = { ...valid, order_blocking: "mandatory", days: "3", publish_at: "2026-11-06" };
    expect(parseLegalDocument(backdated).ok).toBe(true);
    const r = parseLegalDocument({ ...backdated, description: "" }, today);
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      publish_at: deadlineMessages.deadlinePast("2026-11-09"),
      description: LEGAL_MESSAGES.description,
    });
    expect(parseLegalDocument({ ...backdated, publish_at: today }, today).ok).toBe(true);
    expect(parseLegalDocument({ ...valid, publish_at: "2026-11-06" }, today).ok).toBe(true);
    // A period already refused is not judged again by the date rule.
    expect(errorsOf({ ...backdated, days: "0" })).toEqual({ days: LEGAL_MESSAGES.days });
  });

  it("file names with markup or path characters are unsafe", () => {
    expect(UNSAFE_FILE_NAME.test("<script>alert(1)</script>.pdf")).toBe(true);
    expect(UNSAFE_FILE_NAME.test("../agreement.pdf")).toBe(true);
    expect(UNSAFE_FILE_NAME.test("Merchant Agreement (v2).pdf")).toBe(false);
  });
});

describe("the kept PDF's hidden field", () => {
  it("is an id or nothing; anything else is refused", () => {
    expect(keptPdfSchema.parse({ pending_file: "42" })).toEqual({ pending_file: 42 });
    expect(keptPdfSchema.parse({ pending_file: "" })).toEqual({ pending_file: null });
    expect(keptPdfSchema.parse({})).toEqual({ pending_file: null });
    for (const bad of ["-1", "1e3", "abc", "1".repeat(13)])
      expect(keptPdfSchema.safeParse({ pending_file: bad }).success).toBe(false);
  });
});

describe("Pickrr Configuration (blocked users)", () => {
  it("needs a valid e-mail; the checkbox is on only when posted", () => {
    expect(legalAccessSchema.parse({ email: "a@b.in", disable_legal: "on" })).toEqual({
      email: "a@b.in",
      disable_legal: true,
    });
    expect(legalAccessSchema.parse({ email: "a@b.in" })).toEqual({ email: "a@b.in", disable_legal: false });
    expect(legalAccessSchema.safeParse({ email: "" }).error?.issues[0].message).toBe("Please enter E-mail!");
    expect(legalAccessSchema.safeParse({ email: "nope" }).error?.issues[0].message).toBe(
      "The input is not valid E-mail!",
    );
  });
});
