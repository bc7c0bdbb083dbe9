/**
 * Decision 019 (bounded text, schema part): every text field of every form schema has a
 * maximum length and refuses NUL/control characters with a clear field message.
 */
import { describe, expect, it } from "vitest";

import { cashbackFormSchema } from "~/services/advantage/cashback-form";
import { signInSchema } from "~/services/auth/sign-in-form";
import { registerClientSchema } from "~/services/clients/register-form";
import { CONTROL_CHARACTER_MESSAGE, tooLongMessage } from "~/services/core/text-input";
import { calculatorSchema } from "~/services/quote/calculator-form";
import { rateRowFormSchema, weightSlabFormSchema } from "~/services/ratecards/row-form";
import { selectRuleSchema } from "~/services/rules/rules";

const messagesFor = (
  result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } },
  field: string,
) => (result.success ? [] : result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message));

describe("every form schema bounds its text and refuses NUL", () => {
  const register = {
    name: "A",
    company_name: "B",
    phone_number: "9876543210",
    email: "a@b.co",
    password: "password1",
    confirmPassword: "password1",
  };
  it.each([
    ["name", 100],
    ["company_name", 150],
    ["email", 254],
    ["phone_number", 15],
  ])("Register New User: %s at most %d characters", (field, max) => {
    expect(registerClientSchema.safeParse(register).success).toBe(true);
    expect(messagesFor(registerClientSchema.safeParse({ ...register, [field]: "x".repeat(max + 1) }), field)).toContain(
      tooLongMessage(max),
    );
    expect(messagesFor(registerClientSchema.safeParse({ ...register, [field]: "a\u0000b" }), field)).toContain(
      CONTROL_CHARACTER_MESSAGE,
    );
  });

  it("Register New User: a 20 MB name is refused", () => {
    expect(
      messagesFor(registerClientSchema.safeParse({ ...register, name: "x".repeat(20_000_000) }), "name"),
    ).toContain(tooLongMessage(100));
  });

  it("sign-in: e-mail and password bounded, NUL refused, a bad redirectTo dropped", () => {
    const ok = { email: "vp@demo.test", role: "vp", password: "demo-password" };
    expect(messagesFor(signInSchema.safeParse({ ...ok, email: `${"x".repeat(250)}@demo.test` }), "email")).toContain(
      tooLongMessage(254),
    );
    expect(messagesFor(signInSchema.safeParse({ ...ok, email: "vp\u0000@demo.test" }), "email")).toContain(
      CONTROL_CHARACTER_MESSAGE,
    );
    expect(messagesFor(signInSchema.safeParse({ ...ok, password: "x".repeat(1001) }), "password")).toContain(
      tooLongMessage(1000),
    );
    expect(signInSchema.parse({ ...ok, redirectTo: "/".repeat(3000) }).redirectTo).toBeUndefined();
  });

  it("rate calculator: COD amount and product names refuse NUL", () => {
    const q = {
      shipment_type: "forward",
      pickup_pincode: "110001",
      drop_pincode: "400001",
      length: "10",
      breadth: "10",
      height: "10",
      weight: "1",
      payment_mode: "cod",
      cod_amount: "100",
    };
    expect(calculatorSchema.safeParse(q).success).toBe(true);
    expect(calculatorSchema.safeParse({ ...q, cod_amount: "1\u00000" }).success).toBe(false);
    expect(messagesFor(calculatorSchema.safeParse({ ...q, product_names: "a\u0000" }), "product_names")).toContain(
      CONTROL_CHARACTER_MESSAGE,
    );
    expect(calculatorSchema.safeParse({ ...q, pickup_pincode: "11000\u0000" }).success).toBe(false);
  });

  it("rate row, weight slab and cashback forms refuse NUL and huge values", () => {
    const row = rateRowFormSchema.safeParse({ rowId: "1", version: "1", zone_a_base: "\u0000" });
    expect(row.success).toBe(false);
    expect(messagesFor(row, "zone_a_base")).toContain(CONTROL_CHARACTER_MESSAGE);
    const slab = weightSlabFormSchema.safeParse({
      courier_service_id: "1",
      shipment_type: "forward",
      delivery_type: "express",
      first_slab: "0.5".repeat(100),
      second_slab: "0.5",
      version: "1",
    });
    expect(messagesFor(slab, "first_slab")).toContain(tooLongMessage(100));
    const cashback = cashbackFormSchema.safeParse({
      return_plan: "1",
      delivered_plan: "1",
      return_rto_amount: "1\u0000",
    });
    expect(messagesFor(cashback, "return_rto_amount")).toContain(CONTROL_CHARACTER_MESSAGE);
  });

  it("Pickrr Select rules: names bounded, NUL refused", () => {
    const rule = {
      name: "R",
      priority: 1,
      validity: { active: true },
      criterias: {},
      courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: [] },
    };
    expect(selectRuleSchema.safeParse(rule).success).toBe(true);
    expect(messagesFor(selectRuleSchema.safeParse({ ...rule, name: "x".repeat(101) }), "name")).toContain(
      tooLongMessage(100),
    );
    expect(
      messagesFor(
        selectRuleSchema.safeParse({ ...rule, criterias: { product_list: { list: ["a\u0000"] } } }),
        "criterias",
      ),
    ).toContain(CONTROL_CHARACTER_MESSAGE);
  });
});
