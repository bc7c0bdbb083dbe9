/** The roles' names and homes. Who may do what is in permissions.ts. */
import type { StaffRole } from "../db/schema";

export const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: "vp", label: "VP" },
  { value: "kam", label: "KAM" },
  { value: "legal", label: "Legal" },
  { value: "avp", label: "AVP" },
  { value: "bdm", label: "BDM" },
  { value: "tl", label: "TL" },
];

/** Where a signed-in member of staff lands (spec part 1 §2: legal goes to merchant agreements). */
export function homePathFor(role: StaffRole): string {
  return role === "legal" ? "/merchant-agreements" : "/all-users";
}

/** vp and kam see every client; avp, bdm and tl only the clients where they sit in the hierarchy. */
export function clientScopeFor(role: StaffRole): "all" | "avp" | "bdm" | "tl" | "none" {
  if (role === "vp" || role === "kam") return "all";
  if (role === "avp" || role === "bdm" || role === "tl") return role;
  return "none";
}
