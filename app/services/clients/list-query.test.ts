import { describe, expect, it } from "vitest";

import {
  clientListHref,
  clientListSearch,
  columnSort,
  emptyClientsMessage,
  parseClientListQuery,
  registerClientHref,
} from "./list-query";

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
  it("links the page at a view and opens Register New User over it", () => {
    const q = parseClientListQuery(new URLSearchParams("q=textiles&sort=name&dir=asc&page=3"));
    expect(clientListHref(q, { page: 4 })).toBe("/all-users?q=textiles&sort=name&dir=asc&page=4");
    expect(registerClientHref(q)).toBe("/all-users?q=textiles&sort=name&dir=asc&page=3&register=1");
    expect(registerClientHref(parseClientListQuery(new URLSearchParams()))).toBe("/all-users?register=1");
  });
});

describe("All Users column headers", () => {
  const view = (search: string) => parseClientListQuery(new URLSearchParams(search));
  it("an unsorted column is 'none', has no arrow, and sorts ascending from page 1", () => {
    expect(columnSort(view("q=a&page=3"), "email")).toEqual({
      ariaSort: "none",
      arrow: null,
      href: "/all-users?q=a&sort=email&dir=asc",
    });
  });
  it("the sorted column shows its direction and flips it", () => {
    expect(columnSort(view("sort=name&dir=asc&page=2"), "name")).toEqual({
      ariaSort: "ascending",
      arrow: "asc",
      href: "/all-users?sort=name",
    });
    // The default view: newest registrations first; a click sorts them oldest first.
    expect(columnSort(view(""), "date_joined")).toEqual({
      ariaSort: "descending",
      arrow: "desc",
      href: "/all-users?dir=asc",
    });
  });
});

describe("All Users empty table", () => {
  it("names the search that matched nothing, or invites the first registration", () => {
    expect(emptyClientsMessage("acme")).toBe("No clients match “acme”.");
    expect(emptyClientsMessage("")).toBe("No clients yet. Register the first one.");
  });
});
