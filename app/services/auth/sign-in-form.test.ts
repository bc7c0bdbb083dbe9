import { describe, expect, it } from "vitest";

import { signInSchema } from "./sign-in-form";

function firstError(input: Record<string, string>, field: string) {
  const r = signInSchema.safeParse(input);
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}

describe("sign-in form rules (docs/product.md §5)", () => {
  const ok = { email: "vp@demo.test", role: "vp", password: "x" };
  it("accepts a complete form", () => {
    expect(signInSchema.safeParse(ok).success).toBe(true);
  });
  it("quotes the spec's messages", () => {
    expect(firstError({ ...ok, email: "" }, "email")).toBe("Email is required");
    expect(firstError({ ...ok, email: "vp @demo.test" }, "email")).toBe("Cannot enter spaces");
    expect(firstError({ ...ok, email: "not-an-email" }, "email")).toBe("Please enter a valid Email ID");
    expect(firstError({ ...ok, role: "" }, "role")).toBe("Role is required");
    expect(firstError({ ...ok, role: "seller" }, "role")).toBe("Role is required");
    expect(firstError({ ...ok, password: "" }, "password")).toBe("Password is required");
  });
});
