/**
 * Decision 060, against the built server: ten wrong passwords from one address hold back that
 * address only — the owner signs in from another at once — and a 429 says when to retry.
 */
import { describe, expect, it } from "vitest";

import { DEMO_PASSWORD, postForm } from "../support/http";

const signIn = (password: string, ip: string) =>
  postForm("/sign-in", { email: "tl@demo.test", role: "tl", password }, { "X-Forwarded-For": ip });

describe("failures from one address do not lock the account out of another", () => {
  it("ten wrong passwords for tl from one address, then the right one from another, signs in", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`wrong-${i}`, "203.0.113.60")).status).toBe(401);

    const same = await signIn(DEMO_PASSWORD, "203.0.113.60");
    expect(same.status).toBe(429);
    expect(Number(same.headers.get("retry-after"))).toBeGreaterThanOrEqual(55);
    expect(Number(same.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(same.headers.get("set-cookie")).toBeNull();
    expect(await same.text()).toContain("Too many failed sign-in attempts. Please wait a minute and try again.");

    const other = await signIn(DEMO_PASSWORD, "203.0.113.61");
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/all-users");
    expect(other.headers.get("set-cookie")).toBeTruthy();
  });
});
