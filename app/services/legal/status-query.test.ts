import { describe, expect, it } from "vitest";

import { parseStatusView, statusSearch } from "./status-query";

describe("Legal Status view in the URL", () => {
  it("reads status, search and page, dropping anything else", () => {
    expect(parseStatusView(new URLSearchParams("status=1&q=%20acme%20&page=3"))).toEqual({
      status: "1",
      q: "acme",
      page: 3,
    });
    expect(parseStatusView(new URLSearchParams("status=2&page=-1&q=" + "x".repeat(101)))).toEqual({
      status: null,
      q: "",
      page: 1,
    });
  });
  it("writes it back without defaults", () => {
    expect(statusSearch({ status: "0", q: "a b", page: 1 })).toBe("?status=0&q=a+b");
    expect(statusSearch({ status: null, q: "", page: 2 }, { page: 1 })).toBe("");
  });
});
