import { describe, expect, it } from "vitest";

import { isStaffRole, ROLE_OPTIONS, STAFF_ROLES } from "./roles";

describe("staff roles", () => {
  it("offer every role once, with its name", () => {
    expect(ROLE_OPTIONS.map((o) => o.value)).toEqual([...STAFF_ROLES]);
    expect(ROLE_OPTIONS.map((o) => o.label)).toEqual(["VP", "KAM", "Legal", "AVP", "BDM", "TL"]);
  });

  it("recognise only the six role codes", () => {
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
    expect(isStaffRole("VP")).toBe(false);
    expect(isStaffRole("admin")).toBe(false);
  });
});
