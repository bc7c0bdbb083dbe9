/**
 * Business Details, Pickrr Configuration, the API token and Wallet Configuration (docs/product.md
 * §3, §5, §6; decision 026). Each section saves against its version (a stale form is refused with
 * the values now stored, nothing lost) and writes one audit row with each changed field's
 * old and new value.
 */
import { randomBytes } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import {
  type Conflict,
  type Forbidden,
  forbidden,
  type Invalid,
  invalid,
  type NotFound,
  notFound,
  type Result,
} from "../core/result";
import type { Db, Executor } from "../db/client.server";
import { type BusinessData, clients, clientWalletConfig, type PickrrConfig } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { saveFile } from "../files/store.server";
import { clientAudienceFields, keepStatusAfterClientChange } from "../legal/status-kept.server";
import { checkUpload, chosen, LOGO_KINDS } from "./documents.server";
import {
  BANK_FIELDS,
  BUSINESS_FIELDS,
  type BusinessInput,
  CONFIG_FLAG_NAMES,
  type ConfigInput,
  type WalletInput,
} from "./forms";
import { ACCOUNT_REFUSALS, type AccountActor, changedFields, refuseUnless, sectionConflict } from "./scope.server";

/** The page that serves a client's uploaded label logo. */
export const logoHref = (clientId: number) => `/all-users/${clientId}/account-setup/logo`;

export async function readAccountRow(db: Executor, clientId: number) {
  const [row] = await db
    .select({
      id: clients.id,
      auth_token: clients.auth_token,
      business_data: clients.business_data,
      pickrr_config: clients.pickrr_config,
      business_version: clients.business_version,
      config_version: clients.config_version,
      bank_unlocked: clients.bank_unlocked,
      label_logo_file_id: clients.label_logo_file_id,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

/** Bank fields are locked once any is set, until a vp unlocks them for one change (docs/product.md §5). */
export function bankLocked(row: { business_data: BusinessData; bank_unlocked: boolean }): boolean {
  return !row.bank_unlocked && BANK_FIELDS.some((f) => row.business_data[f] != null && row.business_data[f] !== "");
}

// ---------------------------------------------------------------------------------------
// Business Details
// ---------------------------------------------------------------------------------------

export type BusinessSave = { clientId: number; version: number; input: BusinessInput; logo?: File | string | null };

export async function saveBusinessDetails(
  db: Db,
  actor: AccountActor,
  save: BusinessSave,
): Promise<Result<{ version: number }, Invalid | Forbidden | NotFound | Conflict<BusinessData>>> {
  const refused = refuseUnless(actor, "kyc.edit", ACCOUNT_REFUSALS.kyc);
  if (refused) return refused;
  const row = await readAccountRow(db, save.clientId);
  if (!row) return notFound("This client does not exist.");
  if (row.business_version !== save.version) return sectionConflict(row.business_data);

  const current = row.business_data;
  const next: BusinessData = { ...current, ...save.input, label_logo: current.label_logo };
  if (bankLocked(row)) {
    // A locked field is not posted (the input is disabled): keep it. A post that changes one is refused.
    for (const f of BANK_FIELDS) {
      const posted = save.input[f];
      if (posted != null && posted !== current[f]) return forbidden(ACCOUNT_REFUSALS.bankLocked);
      next[f] = current[f];
    }
  }
  const logoFile = chosen(save.logo);
  let logo: Awaited<ReturnType<typeof checkUpload>> | null = null;
  if (logoFile) {
    logo = await checkUpload(logoFile, LOGO_KINDS);
    if (!logo.ok) return invalid(logo.message, { fieldErrors: { label_logo: logo.message } });
  }

  // The customer segment decides which legal documents reach the seller (decision 036).
  const segmentChanges = (current.tin_number ?? null) !== (next.tin_number ?? null);
  return transaction(db, async (tx) => {
    const audienceBefore = segmentChanges ? await clientAudienceFields(tx, save.clientId) : null;
    let logoId = row.label_logo_file_id;
    if (logo?.ok) {
      logoId = await saveFile(tx, {
        purpose: "label_logo",
        fileName: logo.file.name,
        contentType: logo.file.kind === "png" ? "image/png" : "image/jpeg",
        bytes: logo.file.bytes,
        uploadedBy: actor.email,
      });
      next.label_logo = logoHref(save.clientId);
    }
    const bankSet = BANK_FIELDS.some((f) => next[f] != null);
    const [updated] = await tx
      .update(clients)
      .set({
        business_data: next,
        business_version: sql`${clients.business_version} + 1`,
        label_logo_file_id: logoId,
        bank_unlocked: bankSet ? false : row.bank_unlocked,
      })
      .where(and(eq(clients.id, save.clientId), eq(clients.business_version, save.version)))
      .returning({ version: clients.business_version, business_data: clients.business_data });
    if (!updated) {
      const [now] = await tx
        .select({ business_data: clients.business_data })
        .from(clients)
        .where(eq(clients.id, save.clientId));
      return sectionConflict(now.business_data);
    }
    const diff = changedFields(
      current as unknown as Record<string, unknown>,
      next as unknown as Record<string, unknown>,
      [...BUSINESS_FIELDS, "label_logo"],
    );
    if (logo?.ok) diff.newValue.label_logo = `${logo.file.name} (uploaded)`;
    if (diff.changed || logo?.ok) {
      await writeAudit(tx, actor, {
        clientId: save.clientId,
        entity: "business_details",
        entityId: save.clientId,
        action: "update",
        oldValue: diff.oldValue,
        newValue: diff.newValue,
      });
    }
    if (audienceBefore) await keepStatusAfterClientChange(tx, save.clientId, audienceBefore);
    return { ok: true as const, version: updated.version };
  });
}

/** A vp unlocks the bank fields for the next save (audited). */
export async function unlockBankFields(
  db: Db,
  actor: AccountActor,
  clientId: number,
): Promise<Result<{}, Forbidden | NotFound>> {
  const refused = refuseUnless(actor, "bank.unlock", ACCOUNT_REFUSALS.bankUnlock);
  if (refused) return refused;
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ bank_unlocked: true })
      .where(eq(clients.id, clientId))
      .returning({ id: clients.id });
    if (!row) return notFound("This client does not exist.");
    await writeAudit(tx, actor, {
      clientId,
      entity: "business_details",
      entityId: clientId,
      action: "unlock_bank",
      oldValue: { bank_locked: true },
      newValue: { bank_locked: false },
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------
// Pickrr Configuration
// ---------------------------------------------------------------------------------------

const CONFIG_FIELDS = [...CONFIG_FLAG_NAMES, "credit_period", "tracking_code", "support_phone_number", "otp"] as const;

export type ConfigSave = { clientId: number; version: number; input: ConfigInput };

export async function savePickrrConfig(
  db: Db,
  actor: AccountActor,
  save: ConfigSave,
): Promise<Result<{ version: number }, Forbidden | NotFound | Conflict<PickrrConfig>>> {
  const refused = refuseUnless(actor, "pickrr-config.edit", ACCOUNT_REFUSALS.config);
  if (refused) return refused;
  const row = await readAccountRow(db, save.clientId);
  if (!row) return notFound("This client does not exist.");
  if (row.config_version !== save.version) return sectionConflict(row.pickrr_config);
  const current = row.pickrr_config;
  // 'Activate Wallet' is avp's and vp's alone (docs/product.md §6), decided here whatever the form showed.
  if (save.input.has_wallet !== current.has_wallet && !can(actor, "wallet.flag"))
    return forbidden(ACCOUNT_REFUSALS.walletFlag);
  // 'Disable legal' is the legal team's Blocked Users state, theirs alone (decision 068), whatever the form showed.
  if (save.input.disable_legal !== current.disable_legal && !can(actor, "legal.block"))
    return forbidden(ACCOUNT_REFUSALS.legalFlag);
  const next: PickrrConfig = { ...current, ...save.input };
  return transaction(db, async (tx) => {
    const [updated] = await tx
      .update(clients)
      .set({ pickrr_config: next, config_version: sql`${clients.config_version} + 1` })
      .where(and(eq(clients.id, save.clientId), eq(clients.config_version, save.version)))
      .returning({ version: clients.config_version });
    if (!updated) {
      const [now] = await tx
        .select({ pickrr_config: clients.pickrr_config })
        .from(clients)
        .where(eq(clients.id, save.clientId));
      return sectionConflict(now.pickrr_config);
    }
    // A wallet seller has tolerances from the start (the defaults until the wallet admin changes them).
    if (next.has_wallet) await tx.insert(clientWalletConfig).values({ client_id: save.clientId }).onConflictDoNothing();
    const diff = changedFields(
      current as unknown as Record<string, unknown>,
      next as unknown as Record<string, unknown>,
      CONFIG_FIELDS,
    );
    if (diff.changed) {
      await writeAudit(tx, actor, {
        clientId: save.clientId,
        entity: "pickrr_config",
        entityId: save.clientId,
        action: "update",
        oldValue: diff.oldValue,
        newValue: diff.newValue,
      });
    }
    return { ok: true as const, version: updated.version };
  });
}

// ---------------------------------------------------------------------------------------
// API token
// ---------------------------------------------------------------------------------------

/** What the page shows of a token: its last four characters. */
export const maskToken = (token: string | null) => (token ? `••••••••••••${token.slice(-4)}` : null);

/** A new random token: 20 bytes from the operating system's generator, as 40 hex characters (the format every endpoint takes). */
export const newAuthToken = () => randomBytes(20).toString("hex");

/** Shows the whole token to vp or kam, audited (no token in the audit row). */
export async function revealAuthToken(
  db: Db,
  actor: AccountActor,
  clientId: number,
): Promise<Result<{ token: string }, Forbidden | NotFound>> {
  const refused = refuseUnless(actor, "auth-token.manage", ACCOUNT_REFUSALS.token);
  if (refused) return refused;
  return transaction(db, async (tx) => {
    const [row] = await tx.select({ token: clients.auth_token }).from(clients).where(eq(clients.id, clientId));
    if (!row) return notFound("This client does not exist.");
    if (!row.token) return notFound(ACCOUNT_REFUSALS.noToken);
    await writeAudit(tx, actor, {
      clientId,
      entity: "auth_token",
      entityId: clientId,
      action: "reveal",
      newValue: { token: maskToken(row.token) },
    });
    return { ok: true as const, token: row.token };
  });
}

/** Issues a new random token; the old one fails from the moment this commits (audited, masked). */
export async function rotateAuthToken(
  db: Db,
  actor: AccountActor,
  clientId: number,
): Promise<Result<{ token: string }, Forbidden | NotFound>> {
  const refused = refuseUnless(actor, "auth-token.manage", ACCOUNT_REFUSALS.token);
  if (refused) return refused;
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ token: clients.auth_token })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!before) return notFound("This client does not exist.");
    const token = newAuthToken();
    await tx.update(clients).set({ auth_token: token }).where(eq(clients.id, clientId));
    await writeAudit(tx, actor, {
      clientId,
      entity: "auth_token",
      entityId: clientId,
      action: "rotate",
      oldValue: { token: maskToken(before.token) },
      newValue: { token: maskToken(token) },
    });
    return { ok: true as const, token };
  });
}

// ---------------------------------------------------------------------------------------
// Wallet Configuration
// ---------------------------------------------------------------------------------------

export type WalletConfig = {
  configuration_type: string;
  initial_tolerance: string;
  current_tolerance: string;
  max_tolerance: string;
  version: number;
};

/** The client's tolerances, or null when it has no wallet. */
export async function getWalletConfig(db: Executor, clientId: number): Promise<WalletConfig | null> {
  const [row] = await db
    .select({
      has_wallet: sql<boolean>`coalesce((${clients.pickrr_config}->>'has_wallet')::boolean, false)`,
      configuration_type: clientWalletConfig.configuration_type,
      initial_tolerance: clientWalletConfig.initial_tolerance,
      current_tolerance: clientWalletConfig.current_tolerance,
      max_tolerance: clientWalletConfig.max_tolerance,
      version: clientWalletConfig.version,
    })
    .from(clients)
    .leftJoin(clientWalletConfig, eq(clientWalletConfig.client_id, clients.id))
    .where(eq(clients.id, clientId));
  if (!row?.has_wallet) return null;
  return {
    configuration_type: row.configuration_type ?? "DEFAULT",
    initial_tolerance: row.initial_tolerance ?? "0.00",
    current_tolerance: row.current_tolerance ?? "0.00",
    max_tolerance: row.max_tolerance ?? "0.00",
    version: row.version ?? 0,
  };
}

/** Saves tolerance and maximum tolerance (the wallet admin only, clients with a wallet only). */
export async function saveWalletConfig(
  db: Db,
  actor: AccountActor,
  save: { clientId: number; version: number; input: WalletInput },
): Promise<Result<{ version: number }, Forbidden | NotFound | Conflict<WalletConfig>>> {
  const refused = refuseUnless(actor, "wallet.configure", ACCOUNT_REFUSALS.wallet);
  if (refused) return refused;
  const current = await getWalletConfig(db, save.clientId);
  if (!current) return notFound(ACCOUNT_REFUSALS.noWallet);
  if (current.version !== save.version) return sectionConflict(current);
  return transaction(db, async (tx) => {
    // Version 0: no row yet (a wallet switched on before this feature); the insert is the save.
    const updated =
      save.version === 0
        ? await tx
            .insert(clientWalletConfig)
            .values({ client_id: save.clientId, ...save.input, version: 1 })
            .onConflictDoNothing()
            .returning({ version: clientWalletConfig.version })
        : await tx
            .update(clientWalletConfig)
            .set({ ...save.input, version: sql`${clientWalletConfig.version} + 1`, updated_at: new Date() })
            .where(and(eq(clientWalletConfig.client_id, save.clientId), eq(clientWalletConfig.version, save.version)))
            .returning({ version: clientWalletConfig.version });
    if (!updated[0]) return sectionConflict((await getWalletConfig(tx, save.clientId))!);
    const diff = changedFields(
      current as unknown as Record<string, unknown>,
      save.input as unknown as Record<string, unknown>,
      ["current_tolerance", "max_tolerance"],
    );
    if (diff.changed) {
      await writeAudit(tx, actor, {
        clientId: save.clientId,
        entity: "wallet_config",
        entityId: save.clientId,
        action: "update",
        oldValue: diff.oldValue,
        newValue: diff.newValue,
      });
    }
    return { ok: true as const, version: updated[0].version };
  });
}
