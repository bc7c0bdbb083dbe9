/**
 * Blocked Users (decision 028; docs/product.md §2 Account setup, §7 disabled-users and update-access):
 * a seller whose `pickrr_config.disable_legal` is set is exempt from legal enforcement (its
 * orders are never refused for an unaccepted document). Setting or clearing the flag is
 * audited; decision 026's trigger moves the client's config_version, so an open Pickrr
 * Configuration form of the client's own page notices the change.
 */
import { asc, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { type Failure, forbidden, invalid, type Result } from "../core/result";
import type { Db } from "../db/client.server";
import { clients } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { LEGAL_MESSAGES, type LegalAccessInput } from "./forms";
import { LEGAL_FORBIDDEN, type LegalActor } from "./publish.server";

const DISABLED = sql`coalesce((${clients.pickrr_config}->>'disable_legal')::boolean, false)`;

export async function blockedUsers(db: Db): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(DISABLED)
    .orderBy(asc(clients.name), asc(clients.id));
}

export async function setLegalAccess(
  db: Db,
  actor: LegalActor,
  input: LegalAccessInput,
): Promise<Result<{ changed: boolean }, Failure<400 | 403, { fieldErrors?: Record<string, string> }>>> {
  if (!can(actor, "legal.block")) return forbidden(LEGAL_FORBIDDEN);
  return transaction(db, async (tx) => {
    const [c] = await tx
      .select({ id: clients.id, email: clients.email, disabled: sql<boolean>`${DISABLED}` })
      .from(clients)
      .where(sql`lower(${clients.email}) = ${input.email.toLowerCase()}`)
      .for("update");
    if (!c) return invalid(LEGAL_MESSAGES.unknownSeller, { fieldErrors: { email: LEGAL_MESSAGES.unknownSeller } });
    if (c.disabled === input.disable_legal) return { ok: true as const, changed: false };
    await tx
      .update(clients)
      .set({
        pickrr_config: sql`jsonb_set(${clients.pickrr_config}, '{disable_legal}', ${input.disable_legal ? sql`'true'::jsonb` : sql`'false'::jsonb`})`,
      })
      .where(sql`${clients.id} = ${c.id}`);
    await writeAudit(tx, actor, {
      clientId: c.id,
      entity: "legal_access",
      entityId: c.id,
      action: input.disable_legal ? "block" : "unblock",
      oldValue: { email: c.email, disable_legal: c.disabled },
      newValue: { email: c.email, disable_legal: input.disable_legal },
    });
    return { ok: true as const, changed: true };
  });
}
