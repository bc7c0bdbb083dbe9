import { describe, expect, it } from "vitest";

import { parseEmailList } from "./email-list";

describe("parseEmailList", () => {
  it("trims, lower-cases and de-duplicates in order", () => {
    expect(parseEmailList(" B@x.in, a@x.in ,b@X.in,", "LIST")).toEqual(["b@x.in", "a@x.in"]);
  });

  it("names the list and the bad entry", () => {
    expect(() => parseEmailList("a@x.in, nobody", "LIST")).toThrow("LIST: 'nobody' is not an e-mail address");
    expect(() => parseEmailList(" , ", "LIST")).toThrow("LIST: the list is empty");
  });
});
