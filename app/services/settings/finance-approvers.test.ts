import { describe, expect, it } from "vitest";

import {
  approverListFromSetting,
  DEFAULT_FINANCE_APPROVER_EMAILS,
  parseApproverList,
  resolveFinanceApprovers,
} from "./finance-approvers";

describe("finance approvers setting", () => {
  it("defaults to the six demo approvers", () => {
    expect(resolveFinanceApprovers(undefined, undefined)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `approver${n}@demo.test`),
    );
    expect(resolveFinanceApprovers("  ", null)).toEqual([...DEFAULT_FINANCE_APPROVER_EMAILS]);
  });

  it("takes the stored setting when the environment does not say", () => {
    expect(resolveFinanceApprovers(undefined, ["Finance@Demo.test", "cfo@demo.test"])).toEqual([
      "finance@demo.test",
      "cfo@demo.test",
    ]);
  });

  it("ignores a stored value that is not a list of e-mails", () => {
    expect(resolveFinanceApprovers(undefined, "approver1@demo.test")).toEqual([...DEFAULT_FINANCE_APPROVER_EMAILS]);
    expect(resolveFinanceApprovers(undefined, ["ok@demo.test", "not an email"])).toEqual([
      ...DEFAULT_FINANCE_APPROVER_EMAILS,
    ]);
    expect(approverListFromSetting([])).toBeNull();
  });

  it("lets the environment override both, trimmed, lower-cased and without repeats", () => {
    expect(resolveFinanceApprovers(" A@x.in, b@x.in ,a@x.in,", ["cfo@demo.test"])).toEqual(["a@x.in", "b@x.in"]);
  });

  it("refuses a configuration with a bad entry, naming it", () => {
    expect(() => parseApproverList("a@x.in, nobody")).toThrow(
      "FINANCE_APPROVER_EMAILS: 'nobody' is not an e-mail address",
    );
    expect(() => parseApproverList(" , ")).toThrow("FINANCE_APPROVER_EMAILS: the list is empty");
  });
});
