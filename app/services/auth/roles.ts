/** The roles' names and homes. Who may do what is in permissions.ts. */
import type { StaffRole } from "../core/roles";

/** Where a signed-in member of staff lands (docs/product.md §2: legal goes to merchant agreements). */
export function homePathFor(role: StaffRole): string {
  return role === "legal" ? "/merchant-agreements" : "/all-users";
}

/** vp and kam see every client; avp, bdm and tl only the clients where they sit in the hierarchy. */
export function clientScopeFor(role: StaffRole): "all" | "avp" | "bdm" | "tl" | "none" {
  if (role === "vp" || role === "kam") return "all";
  if (role === "avp" || role === "bdm" || role === "tl") return role;
  return "none";
}
