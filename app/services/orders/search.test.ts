import { describe, expect, it } from "vitest";

import { orderIdOf, parseSearch } from "./search";

describe("header search input", () => {
  it("needs a known type and something typed", () => {
    expect(parseSearch("awb", "123")).toEqual({ ok: false, status: 400, message: "Choose what to search by." });
    expect(parseSearch("tracking_id", "   ")).toEqual({
      ok: false,
      status: 400,
      message: "Enter a Tracking ID to search.",
    });
    expect(parseSearch("seller_email", "x".repeat(101))).toMatchObject({ ok: false });
  });
  it("reads tracking ids in any case", () => {
    expect(parseSearch("tracking_id", " pk1234567890 ")).toEqual({
      ok: true,
      type: "tracking_id",
      value: "PK1234567890",
    });
    expect(parseSearch("courier_tracking_id", "ab;drop")).toMatchObject({ ok: false });
  });
  it("reads an Indian mobile number with or without +91, spaces and dashes", () => {
    for (const q of ["9876543210", "+91 98765 43210", "098765-43210"])
      expect(parseSearch("phone", q)).toEqual({ ok: true, type: "phone", value: "9876543210" });
    expect(parseSearch("phone", "12345")).toEqual({
      ok: false,
      status: 400,
      message: "Enter a 10-digit Indian mobile number.",
    });
  });
  it("needs three letters of a name and a whole e-mail address", () => {
    expect(parseSearch("customer_name", "ab")).toMatchObject({ ok: false });
    expect(parseSearch("customer_name", "Priya S")).toEqual({ ok: true, type: "customer_name", value: "priya s" });
    expect(parseSearch("seller_email", "Ops@Goodkhadi.co.in")).toEqual({
      ok: true,
      type: "seller_email",
      value: "ops@goodkhadi.co.in",
    });
    expect(parseSearch("seller_email", "ops@")).toMatchObject({ ok: false });
  });
});

describe("the Client Order ID search (decision 058)", () => {
  it("reads the seller's id as typed (trimmed, case kept), at most 50 characters", () => {
    expect(parseSearch("client_order_id", "  so-1001/A ")).toEqual({
      ok: true,
      type: "client_order_id",
      value: "so-1001/A",
    });
    expect(parseSearch("client_order_id", "x".repeat(51))).toEqual({
      ok: false,
      status: 400,
      message: "A Client Order ID is at most 50 characters.",
    });
    expect(parseSearch("client_order_id", " ")).toMatchObject({ message: "Enter a Client Order ID to search." });
  });
});

describe("an order id from a URL or a form", () => {
  it("is letters and digits, at most 20; anything else is no order", () => {
    expect(orderIdOf("PO00000001")).toBe("PO00000001");
    for (const bad of [null, undefined, "", "po00000001", "PO-1", "PO1;DROP", "P".repeat(21), "PO1\u0000"])
      expect(orderIdOf(bad), String(bad)).toBeNull();
  });
});
