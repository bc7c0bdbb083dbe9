import { describe, expect, it } from "vitest";

import { normalisePhone, registerClientSchema } from "./register-form";

const valid = {
  name: "Asha Verma",
  company_name: "Verma Handlooms",
  phone_number: "9876543210",
  email: "asha@vermahandlooms.in",
  password: "sturdy-pass-1",
  confirmPassword: "sturdy-pass-1",
};

function errorFor(patch: Partial<typeof valid>, field: string) {
  const r = registerClientSchema.safeParse({ ...valid, ...patch });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}

describe("Register New User rules (docs/product.md §5)", () => {
  it("accepts a complete, consistent form", () => {
    expect(registerClientSchema.safeParse(valid).success).toBe(true);
  });
  it("quotes each required message exactly", () => {
    expect(errorFor({ name: "" }, "name")).toBe("Please enter user name!");
    expect(errorFor({ name: "   " }, "name")).toBe("Please enter user name!");
    expect(errorFor({ company_name: "" }, "company_name")).toBe("Please enter company name!");
    expect(errorFor({ phone_number: "" }, "phone_number")).toBe("Please enter the contact number!");
    expect(errorFor({ email: "" }, "email")).toBe("Please input your E-mail!");
    expect(errorFor({ email: "asha@" }, "email")).toBe("The input is not valid E-mail!");
    expect(errorFor({ password: "" }, "password")).toBe("Please input your password!");
    expect(errorFor({ confirmPassword: "" }, "confirmPassword")).toBe("Please confirm your password!");
    expect(errorFor({ confirmPassword: "other-pass-1" }, "confirmPassword")).toBe(
      "The two passwords that you entered do not match!",
    );
  });
  it("rejects numbers that are not Indian mobiles", () => {
    expect(errorFor({ phone_number: "12345" }, "phone_number")).toBe("Please enter a valid 10-digit mobile number.");
    expect(errorFor({ phone_number: "+91 9876543210" }, "phone_number")).toBeUndefined();
    expect(normalisePhone("+91 98765-43210")).toBe("9876543210");
  });
  it("asks for a password of at least 8 characters (decision 010)", () => {
    expect(errorFor({ password: "short-7", confirmPassword: "short-7" }, "password")).toBe(
      "Password must be at least 8 characters.",
    );
    expect(errorFor({ password: "longer-8", confirmPassword: "longer-8" }, "password")).toBeUndefined();
  });
});
