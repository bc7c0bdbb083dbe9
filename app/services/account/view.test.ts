import { describe, expect, it } from "vitest";

import { accountHref, parseAccountView, toggleHref } from "./view";

describe("account set-up URL state", () => {
  it("opens KYC by default, nothing with an empty list, and the listed sections otherwise", () => {
    expect(parseAccountView(new URLSearchParams()).open).toEqual(["kyc"]);
    expect(parseAccountView(new URLSearchParams("open=")).open).toEqual([]);
    expect(parseAccountView(new URLSearchParams("open=wallet,business,bogus")).open).toEqual(["business", "wallet"]);
  });
  it("a header link toggles its section and keeps the others", () => {
    const view = parseAccountView(new URLSearchParams("open=kyc"));
    expect(toggleHref(7, view, "config")).toBe("/all-users/7/account-setup?open=kyc,config");
    expect(toggleHref(7, view, "kyc")).toBe("/all-users/7/account-setup?open=");
    expect(accountHref(7, { open: ["config"], confirmRotate: true })).toBe(
      "/all-users/7/account-setup?open=config&confirm=rotate-token",
    );
    expect(parseAccountView(new URLSearchParams("confirm=rotate-token&completed=1"))).toMatchObject({
      confirmRotate: true,
      completed: true,
    });
  });
});
