/** Role rules shared by the server guards and the UI (the UI only hides; the server decides). */
import type { StaffRole } from "../core/roles";

export const NON_LEGAL_ROLES: StaffRole[] = ["vp", "kam", "avp", "bdm", "tl"];

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
