/**
 * The roles of staff (docs/product.md §2): the codes stored on a staff row and the names a person
 * reads. Who may do what is the auth area's (auth/roles.ts and the permission table).
 */

export const STAFF_ROLES = ["vp", "kam", "legal", "avp", "bdm", "tl"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

export const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: "vp", label: "VP" },
  { value: "kam", label: "KAM" },
  { value: "legal", label: "Legal" },
  { value: "avp", label: "AVP" },
  { value: "bdm", label: "BDM" },
  { value: "tl", label: "TL" },
];
