/**
 * The account set-up page's loader data and its one action (docs/product.md §2; decision 026): four
 * sections, each its own form with its own `intent`, all plain form posts. The route guards,
 * finds the client in the viewer's scope and calls these.
 */
import { data } from "@remix-run/node";

import { can } from "../auth/permissions";
import { redirectWithToast } from "../auth/session.server";
import { type Failure, invalid, type Result } from "../core/result";
import type { Db } from "../db/client.server";
import { readForm, withoutSecrets } from "../http/form-errors.server";
import { chosenFiles, readMultipart } from "../http/upload.server";
import {
  BANK_FIELDS,
  businessValidator,
  configValidator,
  GST_NO_CLEARS,
  gstLookupValidator,
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENTS,
  KYC_MESSAGES,
  kycValidator,
  MAX_DOCUMENT_BYTES,
  WALLET_MESSAGES,
  walletValidator,
} from "./forms";
import { accountHistory } from "./history.server";
import { getKyc, kycFileIds, lookupGstin, submitKyc } from "./kyc.server";
import { gstRegistryFor } from "./registry.server";
import type { AccountActor } from "./scope.server";
import {
  bankLocked,
  getWalletConfig,
  maskToken,
  readAccountRow,
  revealAuthToken,
  rotateAuthToken,
  saveBusinessDetails,
  savePickrrConfig,
  saveWalletConfig,
  unlockBankFields,
} from "./sections.server";
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
      legalFlag: can(actor, "legal.block"),
      bankUnlock: can(actor, "bank.unlock"),
      token: can(actor, "auth-token.manage"),
    },
    kyc: kyc
      ? {
          submitted: true as const,
          submittedAt: submitted_at.toISOString(),
          values: kycFields,
          documents: KYC_DOCUMENTS.filter((d) => fileIds[d]).map((d) => ({
            doc: d,
            label: KYC_DOCUMENT_LABELS[d],
            href: `/all-users/${clientId}/account-setup/document/${d}`,
          })),
        }
      : { submitted: false as const },
    business: {
      values: row.business_data,
      version: row.business_version,
      bankLocked: bankLocked(row),
      bankFields: BANK_FIELDS,
      hasLogo: row.label_logo_file_id != null,
    },
    config: { values: row.pickrr_config, version: row.config_version },
    // Only vp and kam see the token at all (masked until they reveal it).
    token: { masked: can(actor, "auth-token.manage") ? maskToken(row.auth_token) : null },
    // Shown only to the wallet admin, and only for a client with a wallet (docs/product.md §2, §6).
    wallet,
    history: view.open.includes("history") ? await accountHistory(db, clientId) : null,
  };
}

/** Which form of the page an answer is for: a section's, the token panel's, or the page's own. */
export type AccountFormId = Section | "token" | "page";

/**
 * The answer to a post (docs/forms.md §3): each section shows its `message` as one alert above
 * its fields, so a refusal with field errors keeps its sentence ("Please correct the highlighted
 * fields.") beside them. A GST lookup answers with the values it filled (`lookup`), the token
 * panel with the token.
 */
export type AccountAnswer = {
  formId: AccountFormId;
  status?: number;
  message?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  lookup?: { filled: Record<string, string>; locked: readonly string[] };
  token?: string;
  rotated?: boolean;
  /** File fields that held a file in the refused post: a browser cannot refill them (decision 070). */
  fileNotes?: Record<string, string>;
};

/** Said by each file field that held a file when its form was refused (decision 070). */
export const CHOOSE_FILE_AGAIN = "Choose this file again: files are not kept when the form is refused.";

const HIGHLIGHTED = "Please correct the highlighted fields.";

const answer = (body: AccountAnswer, status = 200) => data({ ...body, status }, { status });

/** A refusal of a section's post: a 403 is thrown (docs/forms.md §2); the rest answered in the section. */
function refused(
  formId: AccountFormId,
  failure: Failure & { fieldErrors?: Record<string, string> },
  submitted?: Record<string, unknown>,
  fileNotes?: Record<string, string>,
) {
  if (failure.status === 403) throw new Response(failure.message, { status: 403 });
  // A message that is one field's own is said by that field; the section says which to look at (decision 070).
  const byField = Object.values(failure.fieldErrors ?? {}).includes(failure.message);
  return answer(
    {
      formId,
      message: byField ? HIGHLIGHTED : failure.message,
      fieldErrors: failure.fieldErrors,
      repopulateFields: submitted && withoutSecrets(submitted),
      fileNotes: fileNotes && Object.keys(fileNotes).length ? fileNotes : undefined,
    },
    failure.status,
  );
}

/**
 * A section's fields that failed their schema, and its files over 300 KB: every field's message
 * at once, the section's sentence, what was typed, and which files to choose again.
 */
const invalidFields = (
  formId: AccountFormId,
  read: { fieldErrors?: Record<string, string>; submitted: Record<string, unknown> },
  files?: PostedFiles,
) =>
  refused(
    formId,
    invalid(HIGHLIGHTED, { fieldErrors: { ...read.fieldErrors, ...files?.errors } }),
    read.submitted,
    files?.notes,
  );

/** The post's fields and files; a file over 300 KB is left out while it streams (nothing is stored) and named. */
async function readPost(request: Request): Promise<Result<{ form: FormData; tooLarge: string[] }, Failure<400 | 413>>> {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return readMultipart(request, {
      maxFileBytes: MAX_DOCUMENT_BYTES,
      maxFieldBytes: 8192,
      messages: { tooLarge: KYC_MESSAGES.fileTooLarge },
      oversizedFiles: "report",
    });
  }
  return { ok: true, form: await request.formData(), tooLarge: [] };
}

/** A section's file fields in a post: those over 300 KB (the spec's message) and every one that held a file. */
type PostedFiles = { errors: Record<string, string>; notes: Record<string, string>; anyTooLarge: boolean };

function postedFiles(form: FormData, fields: readonly string[], tooLarge: readonly string[]): PostedFiles {
  const errors: Record<string, string> = {};
  const notes: Record<string, string> = {};
  for (const field of fields) {
    if (tooLarge.includes(field)) errors[field] = KYC_MESSAGES.fileTooLarge;
    if (tooLarge.includes(field) || chosenFiles(form, field).length > 0) notes[field] = CHOOSE_FILE_AGAIN;
  }
  return { errors, notes, anyTooLarge: Object.keys(errors).length > 0 };
}

const intVersion = (form: FormData) => {
  const v = Number(form.get("version"));
  return Number.isSafeInteger(v) && v >= 0 ? v : -1;
};

/** The posted text fields (no intent), as a form refills them. */
const postedText = (form: FormData) =>
  withoutSecrets(Object.fromEntries([...form.entries()].filter(([k, v]) => typeof v === "string" && k !== "intent")));

export async function accountSetupAction(request: Request, db: Db, actor: AccountActor, clientId: number) {
  const read = await readPost(request);
  if (!read.ok) return refused("page", read);
  const { form, tooLarge } = read;
  const intent = String(form.get("intent") ?? "");
  const url = new URL(request.url);
  const view = parseAccountView(url.searchParams);
  const here = (open: Section, extra: { completed?: boolean } = {}) =>
    accountHref(clientId, { open: view.open.includes(open) ? view.open : [...view.open, open], ...extra });
  const toast = (to: string, message: string) => redirectWithToast(request, to, { kind: "success", message });

  switch (intent) {
    case "kyc-lookup": {
      const gstin = await readForm(form, gstLookupValidator, "kyc");
      if (!gstin.ok) return gstin.response;
      const found = await lookupGstin(gstRegistryFor(db), gstin.data.gst_no);
      if (!found.ok) return refused("kyc", { ...found, fieldErrors: { gst_no: found.message } }, gstin.submitted);
      return answer({
        formId: "kyc",
        repopulateFields: { ...postedText(form), gst_type: "yes", gst_no: gstin.data.gst_no, ...found.filled },
        lookup: { filled: found.filled, locked: found.locked },
      });
    }
    case "kyc-gst": {
      // Without JavaScript: GST switched to no clears and unlocks what a lookup filled (docs/product.md §4).
      const values = postedText(form);
      if (values.gst_type === "no") for (const k of GST_NO_CLEARS) values[k] = "";
      return answer({ formId: "kyc", repopulateFields: values });
    }
    case "kyc-submit": {
      const kyc = await readForm(form, kycValidator, "kyc");
      const files = postedFiles(form, KYC_DOCUMENTS, tooLarge);
      if (!kyc.ok) return invalidFields("kyc", kyc, files);
      const documents = Object.fromEntries(KYC_DOCUMENTS.map((d) => [d, chosenFiles(form, d)[0] ?? null]));
      const result = await submitKyc(db, actor, { clientId, input: kyc.data, documents, tooLarge });
      if (!result.ok)
        return refused(
          "kyc",
          { ...result, fieldErrors: "fieldErrors" in result ? { ...result.fieldErrors, ...files.errors } : undefined },
          kyc.submitted,
          files.notes,
        );
      return toast(here("kyc", { completed: result.profileCompleted }), "KYC submitted successfully.");
    }
    case "business": {
      const business = await readForm(form, businessValidator, "business");
      const files = postedFiles(form, ["label_logo"], tooLarge);
      if (!business.ok || files.anyTooLarge) return invalidFields("business", business, files);
      const result = await saveBusinessDetails(db, actor, {
        clientId,
        version: intVersion(form),
        input: business.data,
        logo: chosenFiles(form, "label_logo")[0] ?? null,
      });
      // After a conflict the section shows what is stored now, not what was typed.
      if (!result.ok)
        return refused(
          "business",
          result,
          result.status === 409 ? undefined : business.submitted,
          result.status === 409 ? undefined : files.notes,
        );
      return toast(here("business"), "Business details updated successfully.");
    }
    case "bank-unlock": {
      const result = await unlockBankFields(db, actor, clientId);
      if (!result.ok) return refused("business", result);
      return toast(here("business"), "Bank details unlocked for one change.");
    }
    case "config": {
      const config = await readForm(form, configValidator, "config");
      if (!config.ok) return invalidFields("config", config);
      const result = await savePickrrConfig(db, actor, { clientId, version: intVersion(form), input: config.data });
      if (!result.ok) return refused("config", result);
      return toast(here("config"), "Pickrr configuration updated successfully.");
    }
    case "token-reveal": {
      const result = await revealAuthToken(db, actor, clientId);
      if (!result.ok) return refused("token", result);
      return answer({ formId: "token", token: result.token });
    }
    case "token-rotate": {
      if (form.get("confirm") !== "yes") return refused("token", invalid("Confirm the rotation first."));
      const result = await rotateAuthToken(db, actor, clientId);
      if (!result.ok) return refused("token", result);
      return answer({ formId: "token", token: result.token, rotated: true });
    }
    case "wallet": {
      const wallet = await readForm(form, walletValidator, "wallet");
      if (!wallet.ok) return invalidFields("wallet", wallet);
      const result = await saveWalletConfig(db, actor, { clientId, version: intVersion(form), input: wallet.data });
      if (!result.ok) return refused("wallet", result);
      return toast(here("wallet"), WALLET_MESSAGES.saved);
    }
    default:
      return refused("page", invalid("Unknown action."));
  }
}
