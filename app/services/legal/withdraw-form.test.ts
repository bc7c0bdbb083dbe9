import { describe, expect, it } from "vitest";

import { tooLongMessage } from "../core/text-input";
import { MAX_WITHDRAW_REASON, WITHDRAW_MESSAGES, withdrawValidator } from "./withdraw-form";

/** The reason's message as the route's validator answers it (the field's first), or its value. */
async function answer(reason?: string) {
  const form = new FormData();
  if (reason !== undefined) form.set("reason", reason);
  const r = await withdrawValidator.validate(form);
  return r.error ? { error: r.error.fieldErrors.reason } : { reason: r.data.reason };
}

describe("the Withdraw form's reason (decision 061)", () => {
  it("is required: missing, empty or only spaces", async () => {
    for (const reason of [undefined, "", "   \n "])
      expect(await answer(reason)).toEqual({ error: WITHDRAW_MESSAGES.reasonRequired });
  });

  it("has at least 5 characters, counted without the spaces around it", async () => {
    expect(await answer("  no  ")).toEqual({ error: WITHDRAW_MESSAGES.reasonShort });
    expect(await answer("  Wrong  ")).toEqual({ reason: "Wrong" });
  });

  it(`has at most ${MAX_WITHDRAW_REASON} characters`, async () => {
    expect(await answer("x".repeat(MAX_WITHDRAW_REASON))).toEqual({ reason: "x".repeat(MAX_WITHDRAW_REASON) });
    expect(await answer("x".repeat(MAX_WITHDRAW_REASON + 1))).toEqual({ error: tooLongMessage(MAX_WITHDRAW_REASON) });
  });
});
