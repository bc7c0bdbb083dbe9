import { describe, expect, it } from "vitest";

import { clientListSearch, parseClientListQuery } from "./list-query";

describe("All Users URL state", () => {
  it("falls back to defaults for missing or bad values", () => {
    expect(parseClientListQuery(new URLSearchParams("sort=evil&dir=up&page=-3&perPage=7"))).toEqual({
      q: "",
      sort: "date_joined",
      dir: "desc",
      page: 1,
      perPage: 25,
    });
  });
  it("round-trips a view through its link", () => {
    const q = parseClientListQuery(new URLSearchParams("q=textiles&sort=name&dir=asc&page=3&perPage=50"));
    expect(parseClientListQuery(new URLSearchParams(clientListSearch(q).slice(1)))).toEqual(q);
    expect(clientListSearch(q, { page: 1 })).toBe("?q=textiles&sort=name&dir=asc&perPage=50");
  });
});
