/**
 * The account set-up page's loader data and its one action (spec part 2 §2; issue 18): four
 * sections, each its own form with its own `intent`, all plain form posts. The route guards,
 * finds the client in the viewer's scope and calls these.
 */
import { data } from "@remix-run/node";
import { can } from "../auth/permissions";
import { redirectWithToast } from "../auth/session.server";
import type { Db } from "../db/client.server";
import { readMultipart } from "../http/upload.server";
import { withoutSecrets } from "../http/form-errors.server";
import { BANK_FIELDS, GST_LOCKED_FIELDS, KYC_DOCUMENTS, KYC_DOCUMENT_LABELS, KYC_MESSAGES, MAX_DOCUMENT_BYTES, WALLET_MESSAGES, parseBusinessForm, parseConfigForm, parseGstinForLookup, parseKycForm, parseWalletForm } from "./forms";
import { accountHistory } from "./history.server";
import { getKyc, kycFileIds, lookupGstin, submitKyc } from "./kyc.server";
import { gstRegistryFor } from "./registry.server";
import type { AccountActor } from "./scope.server";
import { bankLocked, getWalletConfig, maskToken, readAccountRow, revealAuthToken, rotateAuthToken, saveBusinessDetails, savePickrrConfig, saveWalletConfig, unlockBankFields } from "./sections.server";
import { accountHref, parseAccountView, type Section } from "./view";

export async function accountSetupPage(db: Db, actor: AccountActor, clientId: number, url: URL) {
  const view = parseAccountView(url.searchParams);
  const row = await readAccountRow(db, clientId);
  if (!row) throw new Response("This client does not exist.", { status: 404 });
  const kyc = await getKyc(db, clientId);
  const wallet = can(actor, "wallet.configure") ? await getWalletConfig(db, clientId) : null;
  const fileIds = kycFileIds(kyc);
  const { submitted_by: _by, submitted_at, ...kycFields } = kyc ?? ({} as NonNullable<typeof kyc>);
  return {
    clientId,
    view,
    can: {
      kyc: can(actor, "kyc.edit"),
      config: can(actor, "pickrr-config.edit"),
      walletFlag: can(actor, "wallet.flag"),
      bankUnlock: can(actor, "bank.unlock"),
      token: can(actor, "auth-token.manage"),
    },
    kyc: kyc
      ? {
          submitted: true as const,
          submittedAt: submitted_at.toISOString(),
          values: kycFields,
          documents: KYC_DOCUMENTS.filter((d) => fileIds[d]).map((d) => ({ doc: d, label: KYC_DOCUMENT_LABELS[d], href: `/all-users/${clientId}/account-setup/document/${d}` })),
        }
      : { submitted: false as const },
    business: { values: row.business_data, version: row.business_version, bankLocked: bankLocked(row), bankFields: BANK_FIELDS, hasLogo: row.label_logo_file_id != null },
    config: { values: row.pickrr_config, version: row.config_version },
    // Only vp and kam see the token at all (masked until they reveal it).
    token: { masked: can(actor, "auth-token.manage") ? maskToken(row.auth_token) : null },
    // Shown only to the wallet admin, and only for a client with a wallet (spec §2, §6).
    wallet,
    history: view.open.includes("history") ? await accountHistory(db, clientId) : null,
  };
}

export type AccountAnswer = {
  section: Section | "token" | "page";
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  lookup?: { filled: Record<string, string>; locked: readonly string[] };
  token?: string;
  rotated?: boolean;
};

const answer = (body: AccountAnswer, status = 200) => data(body, { status });

/** Posted text fields, to refill a refused form (files and secrets left out). */
function postedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "intent") out[k] = v;
  return withoutSecrets(out) as Record<string, string>;
}

/** The post's fields and files; a file over 300 KB is refused while it streams (nothing is stored). */
async function readForm(request: Request): Promise<{ form: FormData } | { status: number; message: string }> {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const read = await readMultipart(request, { maxFileBytes: MAX_DOCUMENT_BYTES, maxFieldBytes: 8192, messages: { tooLarge: KYC_MESSAGES.fileTooLarge } });
    return read.ok ? { form: read.form } : { status: read.status, message: read.message };
  }
  return { form: await request.formData() };
}

const intVersion = (form: FormData) => {
  const v = Number(form.get("version"));
  return Number.isSafeInteger(v) && v >= 0 ? v : -1;
};

export async function accountSetupAction(request: Request, db: Db, actor: AccountActor, clientId: number) {
  const read = await readForm(request);
  if (!("form" in read)) return answer({ section: "page", message: read.message }, read.status);
  const { form } = read;
  const intent = String(form.get("intent") ?? "");
  const url = new URL(request.url);
  const view = parseAccountView(url.searchParams);
  const here = (open: Section, extra: { completed?: boolean } = {}) => accountHref(clientId, { open: view.open.includes(open) ? view.open : [...view.open, open], ...extra });
  const toast = (to: string, message: string) => redirectWithToast(request, to, { kind: "success", message });

  switch (intent) {
    case "kyc-lookup": {
      const gstin = parseGstinForLookup(String(form.get("gst_no") ?? ""));
      if (!gstin.ok) return answer({ section: "kyc", fieldErrors: { gst_no: gstin.message }, values: postedValues(form) }, 400);
      const found = await lookupGstin(gstRegistryFor(db), gstin.gstin);
      if (!found.ok) return answer({ section: "kyc", message: found.message, fieldErrors: { gst_no: found.message }, values: postedValues(form) }, found.status);
      return answer({ section: "kyc", values: { ...postedValues(form), gst_type: "yes", gst_no: gstin.gstin, ...found.filled }, lookup: { filled: found.filled, locked: found.locked } });
    }
    case "kyc-gst": {
      // Without JavaScript: GST switched to no clears and unlocks what a lookup filled (spec §4).
      const values = postedValues(form);
      if (values.gst_type === "no") for (const k of [...GST_LOCKED_FIELDS, "gst_no"]) values[k] = "";
      return answer({ section: "kyc", values });
    }
    case "kyc-submit": {
      const parsed = parseKycForm(form);
      if (!parsed.ok) return answer({ section: "kyc", message: "Please correct the highlighted fields.", fieldErrors: parsed.fieldErrors, values: postedValues(form) }, 400);
      const documents = Object.fromEntries(KYC_DOCUMENTS.map((d) => [d, form.get(d) as File | string | null]));
      const result = await submitKyc(db, actor, { clientId, input: parsed.data, documents });
      if (!result.ok) return answer({ section: "kyc", message: result.message, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined, values: postedValues(form) }, result.status);
      return toast(here("kyc", { completed: result.profileCompleted }), "KYC submitted successfully.");
    }
    case "business": {
      const parsed = parseBusinessForm(form);
      if (!parsed.ok) return answer({ section: "business", message: "Please correct the highlighted fields.", fieldErrors: parsed.fieldErrors, values: postedValues(form) }, 400);
      const result = await saveBusinessDetails(db, actor, { clientId, version: intVersion(form), input: parsed.data, logo: form.get("label_logo") as File | null });
      if (!result.ok) return answer({ section: "business", message: result.message, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined, values: result.status === 409 ? undefined : postedValues(form) }, result.status);
      return toast(here("business"), "Business details updated successfully.");
    }
    case "bank-unlock": {
      const result = await unlockBankFields(db, actor, clientId);
      if (!result.ok) return answer({ section: "business", message: result.message }, result.status);
      return toast(here("business"), "Bank details unlocked for one change.");
    }
    case "config": {
      const parsed = parseConfigForm(form);
      if (!parsed.ok) return answer({ section: "config", message: "Please correct the highlighted fields.", fieldErrors: parsed.fieldErrors, values: postedValues(form) }, 400);
      const result = await savePickrrConfig(db, actor, { clientId, version: intVersion(form), input: parsed.data });
      if (!result.ok) return answer({ section: "config", message: result.message }, result.status);
      return toast(here("config"), "Pickrr configuration updated successfully.");
    }
    case "token-reveal": {
      const result = await revealAuthToken(db, actor, clientId);
      if (!result.ok) return answer({ section: "token", message: result.message }, result.status);
      return answer({ section: "token", token: result.token });
    }
    case "token-rotate": {
      if (form.get("confirm") !== "yes") return answer({ section: "token", message: "Confirm the rotation first." }, 400);
      const result = await rotateAuthToken(db, actor, clientId);
      if (!result.ok) return answer({ section: "token", message: result.message }, result.status);
      return answer({ section: "token", token: result.token, rotated: true });
    }
    case "wallet": {
      const parsed = parseWalletForm(form);
      if (!parsed.ok) return answer({ section: "wallet", message: "Please correct the highlighted fields.", fieldErrors: parsed.fieldErrors, values: postedValues(form) }, 400);
      const result = await saveWalletConfig(db, actor, { clientId, version: intVersion(form), input: parsed.data });
      if (!result.ok) return answer({ section: "wallet", message: result.message }, result.status);
      return toast(here("wallet"), WALLET_MESSAGES.saved);
    }
    default:
      return answer({ section: "page", message: "Unknown action." }, 400);
  }
}
