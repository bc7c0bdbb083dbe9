/**
 * Decision 019 (bounded text, the schema part): bounded text fields, NUL and control characters
 * answered 400 (or 401 for a token) with a message, never 500, and a failed form echoes back
 * at most the capped values.
 */
import { beforeAll, describe, expect, it } from "vitest";

import { get, postForm, signInCookie } from "../support/http";

let vp: string;
beforeAll(async () => {
  vp = (await signInCookie("vp@demo.test", "vp", "10.12.0.1")).cookie;
});

const register = {
  intent: "register",
  name: "Asha Rao",
  company_name: "Rao Traders",
  phone_number: "9876543210",
  email: "asha.rao@example.com",
  password: "password1",
  confirmPassword: "password1",
};

describe("bad input is a 4xx with a message, never a 500", () => {
  it("All Users search with NUL: 400 and says why", async () => {
    const res = await get("/all-users?q=%00", { Cookie: vp });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("control characters");
  });

  it.each([
    "/api/seller/advantage-plan?auth_token=%00",
    "/houston-ratecard/shipment-calculator-v3?auth_token=%00&pickup_pincode=110001",
  ])("%s: 401", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(401);
  });

  it("sign-in with NUL in the e-mail: 400 with the field message", async () => {
    const res = await postForm(
      "/sign-in",
      { email: "vp\u0000@demo.test", role: "vp", password: "x" },
      { "X-Forwarded-For": "10.12.1.1" },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please remove control characters");
  });

  it("Register New User with NUL in the name: 400 with the field message", async () => {
    const res = await postForm("/all-users?index&register=1", { ...register, name: "Asha\u0000" }, { Cookie: vp });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please remove control characters");
  });

  it("Register New User with a 60 KB company name: refused, and the page echoes at most the capped value", async () => {
    // Under the edge's 64 KB form cap, so the schema answers (a bigger body is the edge's 413, below).
    const huge = "Z".repeat(60_000);
    const res = await postForm(
      "/all-users?index&register=1",
      { ...register, email: "huge@example.com", company_name: huge },
      { Cookie: vp },
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Please enter at most 150 characters.");
    expect(page).not.toContain("Z".repeat(1001));
    expect(page.length).toBeLessThan(500_000);
    // A 2 MB company name never reaches the schema: the body is refused before it is read.
    const tooBig = await postForm(
      "/all-users?index&register=1",
      { ...register, email: "huge@example.com", company_name: "Z".repeat(2_000_000) },
      { Cookie: vp },
    );
    expect(tooBig.status).toBe(413);
    // Nothing was stored: the list does not know the address.
    const list = await (await get("/all-users?q=huge%40example.com", { Cookie: vp })).text();
    expect(list).not.toContain("huge@example.com</");
  });
});
