import { describe, expect, it } from "vitest";

import { advantageHref, movedAdvantageHref, parseRateCardView, rateCardHref, rateCardViewSearch } from "./view-query";

const u = (path: string) => new URL(path, "http://console.test");

describe("rate card URLs", () => {
  it("sends old ?tab=advantage links, and the old dialogs', to the Pickrr Advantage route", () => {
    expect(movedAdvantageHref(u("/all-users/7/rate-card?tab=advantage&plan=premium"))).toBe(
      "/all-users/7/rate-card/advantage?plan=premium",
    );
    expect(movedAdvantageHref(u("/all-users/7/rate-card?tab=advantage"))).toBe("/all-users/7/rate-card/advantage");
    expect(movedAdvantageHref(u("/all-users/7/rate-card/history?tab=advantage&plan=basic&hpage=2"))).toBe(
      "/all-users/7/rate-card/advantage/history?plan=basic&hpage=2",
    );
    expect(movedAdvantageHref(u("/all-users/7/rate-card/advantage-plan?tab=advantage&plan=basic"))).toBe(
      "/all-users/7/rate-card/advantage/plan?plan=basic",
    );
    expect(movedAdvantageHref(u("/all-users/7/rate-card?tab=rto"))).toBeNull();
    expect(movedAdvantageHref(u("/all-users/7/rate-card/upload?tab=advantage"))).toBeNull();
  });

  it("closes a dialog to the page it opened over, keeping that page's view", () => {
    expect(rateCardHref(7, u("/all-users/7/rate-card/weight-slab?tab=rto&row=3"), ["row"])).toBe(
      "/all-users/7/rate-card?tab=rto",
    );
    expect(rateCardHref(7, u("/all-users/7/rate-card/advantage/plan?plan=premium"))).toBe(
      "/all-users/7/rate-card/advantage?plan=premium",
    );
    expect(rateCardHref(7, u("/all-users/7/rate-card/advantage/history?plan=basic&hpage=2"), ["hpage"])).toBe(
      "/all-users/7/rate-card/advantage?plan=basic",
    );
    expect(advantageHref(7, { plan: "basic", editRowId: 12 })).toBe(
      "/all-users/7/rate-card/advantage?plan=basic&edit=12",
    );
  });

  it("keeps the slab-panel layout of an uploaded card in the URL, and ignores nonsense", () => {
    const view = parseRateCardView(new URLSearchParams("tab=rto&layout=panels&all=1"));
    expect(view).toMatchObject({ tab: "rto", showAll: true, panels: true });
    expect(rateCardViewSearch(view)).toBe("?tab=rto&all=1&layout=panels");
    expect(rateCardViewSearch(view, { panels: false })).toBe("?tab=rto&all=1");
    expect(parseRateCardView(new URLSearchParams("layout=grid")).panels).toBe(false);
  });
});
