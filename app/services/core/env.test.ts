import { describe, expect, it } from "vitest";
import { cookieSecure } from "./env.server";

describe("cookie Secure flag", () => {
  it("is on in production and off in development, unless COOKIE_SECURE says otherwise", () => {
    expect(cookieSecure({ NODE_ENV: "production" })).toBe(true);
    expect(cookieSecure({ NODE_ENV: "development" })).toBe(false);
    expect(cookieSecure({ NODE_ENV: "test" })).toBe(false);
    expect(cookieSecure({ NODE_ENV: "production", COOKIE_SECURE: "false" })).toBe(false);
    expect(cookieSecure({ NODE_ENV: "development", COOKIE_SECURE: "true" })).toBe(true);
  });
});
