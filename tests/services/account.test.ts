/**
 * Client account set-up services (decision 026) against a real database: the GST lookup fills and
 * locks, KYC submits once, refused uploads store nothing, Activate Wallet is avp's and vp's,
 * surface_only changes a quote, tokens are revealed and rotated with an audit, sections
 * refuse stale versions.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ConfigInput, KYC_MESSAGES, kycFormSchema } from "~/services/account/forms";
import { makeGstin } from "~/services/account/gstin";
import { accountHistory } from "~/services/account/history.server";
import { getKyc, lookupGstin, submitKyc, UNKNOWN_GSTIN_MESSAGE } from "~/services/account/kyc.server";
import { tableGstRegistry } from "~/services/account/registry.server";
import type { AccountActor } from "~/services/account/scope.server";
import { ACCOUNT_REFUSALS } from "~/services/account/scope.server";
import {
  getWalletConfig,
  readAccountRow,
  revealAuthToken,
  rotateAuthToken,
  saveBusinessDetails,
  savePickrrConfig,
  saveWalletConfig,
  unlockBankFields,
} from "~/services/account/sections.server";
import { capabilitiesOf } from "~/services/auth/capabilities.server";
import { clientByAuthToken } from "~/services/auth/client-token.server";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clients, staff, storedFiles } from "~/services/db/schema";
import { quoteForClient } from "~/services/quote/quote.server";
import { plannedGstRegistrations } from "~/services/seed/account";

import { calculatorInput } from "../support/calculator";
import { openTestDb } from "../support/db";
import { minimalPdf } from "../support/pdf";

let h: DbHandle;
const actors: Record<string, AccountActor> = {};
const planned = plannedGstRegistrations();

const PDF = new Uint8Array(minimalPdf());
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const pdf = (name = "proof.pdf", bytes: Uint8Array<ArrayBuffer> = PDF) =>
  new File([bytes], name, { type: "application/pdf" });

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const email of ["vp@demo.test", "avp@demo.test", "bdm@demo.test", "tl@demo.test", "kam@demo.test"]) {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    actors[s.role] = { id: s.id, email: s.email, role: s.role, capabilities: await capabilitiesOf(h.db, s) };
  }
});
afterAll(async () => {
  await h?.close();
});

const storedCount = async () => (await h.db.select({ n: count() }).from(storedFiles))[0].n;

function kycForm(r: (typeof planned)[number], extra: Record<string, string> = {}) {
  const proof = { pvt_ltd: "cin", ltd: "cin", llp: "cin", partnership: "partnership_deed", individual: "aadhar_card" }[
    r.company_type
  ];
  // The schema kycValidator wraps (the action reads with it): a refused post throws its field errors.
  return kycFormSchema.parse(
    new URLSearchParams({
      company_name: "Typed Over Name",
      company_type: r.company_type,
      business_proof_type: proof,
      gst_type: "yes",
      gst_no: r.gstin,
      pan_number: r.pan,
      msme: "no",
      billing_address: "Typed over address",
      billing_address_line2: "",
      billing_city: "Elsewhere",
      billing_pincode: "110001",
      billing_state: "Typed State",
      ...extra,
    }),
  );
}

describe("GST lookup", () => {
  it("finds a seeded registration (valid check character) and fills the locked fields", async () => {
    const r = planned[4];
    const found = await lookupGstin(tableGstRegistry(h.db), r.gstin);
    expect(found).toMatchObject({
      ok: true,
      filled: {
        company_name: r.company_name,
        pan_number: r.pan,
        billing_address: r.billing_address,
        billing_address_line2: r.billing_address_line2,
        billing_city: r.city,
        billing_pincode: r.pincode,
        billing_state: r.state,
      },
      locked: [
        "company_name",
        "pan_number",
        "billing_address",
        "billing_address_line2",
        "billing_city",
        "billing_pincode",
        "billing_state",
      ],
    });
  });

  it("every seeded GSTIN is valid and unique", async () => {
    const rows = await h.db.execute<{ gstin: string }>(sql`select gstin from gst_registry`);
    expect(rows.rows.length).toBe(planned.length);
    expect(new Set(rows.rows.map((r) => r.gstin))).toEqual(new Set(planned.map((p) => p.gstin)));
    for (const p of planned) expect(makeGstin(p.gstin.slice(0, 2), p.pan)).toBe(p.gstin);
  });

  it("an unknown (but valid) GSTIN: a clear message, nothing filled", async () => {
    const unknown = makeGstin("27", "ZZZCZ9999Z");
    expect(await lookupGstin(tableGstRegistry(h.db), unknown)).toEqual({
      ok: false,
      status: 404,
      message: UNKNOWN_GSTIN_MESSAGE,
    });
  });
});

describe("KYC submit", () => {
  it("takes the locked fields from the registry whatever was posted, stores the documents, and is one-time", async () => {
    const r = planned[5];
    const before = await storedCount();
    const ok = await submitKyc(h.db, actors.tl, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: pdf(), gst_certificate: new File([PNG], "gst.png", { type: "image/png" }) },
    });
    expect(ok.ok).toBe(true);
    const kyc = await getKyc(h.db, r.clientId);
    expect(kyc).toMatchObject({
      company_name: r.company_name,
      pan_number: r.pan,
      billing_address: r.billing_address,
      billing_city: r.city,
      billing_pincode: r.pincode,
      billing_state: r.state,
      gst_no: r.gstin,
      from_registry: true,
      submitted_by: "tl@demo.test",
    });
    expect(kyc!.business_proof_file_id).not.toBeNull();
    expect(kyc!.gst_certificate_file_id).not.toBeNull();
    expect(await storedCount()).toBe(before + 2);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, r.clientId), eq(auditLog.entity, "kyc")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "submit", staff_email: "tl@demo.test" });
    expect(audit.new_value).toMatchObject({ gst_no: r.gstin, business_proof: "proof.pdf", gst_certificate: "gst.png" });

    const again = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: pdf(), gst_certificate: pdf() },
    });
    expect(again).toEqual({ ok: false, status: 409, message: ACCOUNT_REFUSALS.kycSubmitted });
    expect(await storedCount()).toBe(before + 2);
  });

  it("two submits racing: one KYC, the loser's files roll back", async () => {
    const r = planned[6];
    const before = await storedCount();
    const docs = () => ({ business_proof: pdf(), gst_certificate: pdf() });
    const results = await Promise.all([
      submitKyc(h.db, actors.vp, { clientId: r.clientId, input: kycForm(r), documents: docs() }),
      submitKyc(h.db, actors.vp, { clientId: r.clientId, input: kycForm(r), documents: docs() }),
    ]);
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    expect(results.find((x) => !x.ok)).toMatchObject({ status: 409 });
    expect(await storedCount()).toBe(before + 2);
  });

  it("asks for the documents the answers need, with the spec's messages", async () => {
    const r = planned[7];
    const noGst = kycForm(r, {
      gst_type: "no",
      msme: "yes",
      company_type: "pvt_ltd",
      business_proof_type: "bank_statement",
      pan_number: "ABCCK1234Z",
      billing_pincode: "999999",
    });
    const result = await submitKyc(h.db, actors.vp, { clientId: r.clientId, input: noGst, documents: {} });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        business_proof: "Business Proof is Required",
        pancard: "Pancard is Required",
        msme_certificate: "MSME Certificate is Required",
        billing_pincode: KYC_MESSAGES.pincodeUnknown,
      },
    });
    const withGst = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: pdf() },
    });
    expect(withGst).toMatchObject({ ok: false, fieldErrors: { gst_certificate: "GST Certificate is Required" } });
    expect(await getKyc(h.db, r.clientId)).toBeNull();
  });

  it("a file over 300 KB or with the wrong magic bytes stores nothing", async () => {
    const r = planned[8];
    const before = await storedCount();
    const big = new Uint8Array(300 * 1024 + 1);
    big.set(PDF);
    const tooBig = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: pdf("big.pdf", big), gst_certificate: pdf() },
    });
    expect(tooBig).toMatchObject({ ok: false, fieldErrors: { business_proof: "Max file size 300 KB only" } });
    const exactly = new Uint8Array(minimalPdf(300 * 1024));
    const disguised = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: {
        business_proof: pdf("ok.pdf", exactly),
        gst_certificate: new File(["MZ this is an exe"], "gst.pdf", { type: "application/pdf" }),
      },
    });
    expect(disguised).toMatchObject({
      ok: false,
      fieldErrors: { gst_certificate: "You can only upload png/jpeg/jpg/pdf file!" },
    });
    const named = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: new File([PDF], "proof.docx", { type: "application/pdf" }), gst_certificate: pdf() },
    });
    expect(named).toMatchObject({
      ok: false,
      fieldErrors: { business_proof: "You can only upload png/jpeg/jpg/pdf file!" },
    });
    // `%PDF-` in front of an HTML page passes a magic-byte check, not the PDF check every PDF upload gets.
    const page = new TextEncoder().encode("%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n");
    const htmlPdf = await submitKyc(h.db, actors.vp, {
      clientId: r.clientId,
      input: kycForm(r),
      documents: { business_proof: pdf("proof.pdf", page), gst_certificate: pdf() },
    });
    expect(htmlPdf).toMatchObject({
      ok: false,
      fieldErrors: { business_proof: "You can only upload png/jpeg/jpg/pdf file!" },
    });
    expect(await storedCount()).toBe(before);
    expect(await getKyc(h.db, r.clientId)).toBeNull();
  });
});

async function configOf(clientId: number): Promise<{ version: number; input: ConfigInput }> {
  const row = (await readAccountRow(h.db, clientId))!;
  const { api_token, ...rest } = row.pickrr_config;
  return { version: row.config_version, input: { ...rest, api_token } as ConfigInput };
}

describe("Pickrr Configuration", () => {
  it("Activate Wallet: refused for bdm, tl and kam (nothing saved), allowed for avp and vp", async () => {
    const clientId = planned[10].clientId;
    for (const role of ["bdm", "tl", "kam"]) {
      const { version, input } = await configOf(clientId);
      const result = await savePickrrConfig(h.db, actors[role], {
        clientId,
        version,
        input: { ...input, has_wallet: !input.has_wallet, sms_notify: !input.sms_notify },
      });
      expect(result, role).toEqual({
        ok: false,
        status: 403,
        message: "Only an AVP or VP may change Activate Wallet.",
      });
      expect((await configOf(clientId)).input.sms_notify).toBe(input.sms_notify);
    }
    // The same people may save the other flags.
    const { version, input } = await configOf(clientId);
    expect(
      await savePickrrConfig(h.db, actors.tl, {
        clientId,
        version,
        input: { ...input, sms_notify: !input.sms_notify },
      }),
    ).toEqual({ ok: true, version: version + 1 });
    for (const role of ["avp", "vp"]) {
      const now = await configOf(clientId);
      expect(
        (
          await savePickrrConfig(h.db, actors[role], {
            clientId,
            version: now.version,
            input: { ...now.input, has_wallet: !now.input.has_wallet },
          })
        ).ok,
        role,
      ).toBe(true);
    }
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "pickrr_config")))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.staff_role, a.old_value, a.new_value])).toEqual([
      ["tl", { sms_notify: input.sms_notify }, { sms_notify: !input.sms_notify }],
      ["avp", { has_wallet: input.has_wallet }, { has_wallet: !input.has_wallet }],
      ["vp", { has_wallet: !input.has_wallet }, { has_wallet: input.has_wallet }],
    ]);
  });

  it("a stale version is refused with the values now stored", async () => {
    const clientId = planned[11].clientId;
    const { version, input } = await configOf(clientId);
    expect(
      (await savePickrrConfig(h.db, actors.vp, { clientId, version, input: { ...input, credit_period: 21 } })).ok,
    ).toBe(true);
    const stale = await savePickrrConfig(h.db, actors.vp, {
      clientId,
      version,
      input: { ...input, credit_period: 30 },
    });
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      message: ACCOUNT_REFUSALS.conflict,
      current: { credit_period: 21 },
    });
  });

  it("a change made elsewhere (the legal team's disable_legal, any writer) also moves the version: no lost update", async () => {
    const clientId = planned[15].clientId;
    const { version, input } = await configOf(clientId);
    const blocked = !input.disable_legal;
    await h.db.execute(
      sql`update clients set pickrr_config = jsonb_set(pickrr_config, '{disable_legal}', to_jsonb(${blocked}::boolean)) where id = ${clientId}`,
    );
    const stale = await savePickrrConfig(h.db, actors.vp, { clientId, version, input: { ...input, otp: 3 } });
    expect(stale).toMatchObject({ status: 409, current: { disable_legal: blocked } });
    expect((await configOf(clientId)).version).toBe(version + 1);
  });

  it("Disable legal is legal's alone: every client role's change is refused (403) and nothing is saved or audited", async () => {
    const clientId = planned[16].clientId;
    const auditCount = async () =>
      (
        await h.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "pickrr_config")))
      ).length;
    const auditsBefore = await auditCount();
    for (const role of ["tl", "bdm", "kam", "avp", "vp"]) {
      const before = await configOf(clientId);
      const result = await savePickrrConfig(h.db, actors[role], {
        clientId,
        version: before.version,
        // A forged post: the flag flipped, with another change beside it that must not be saved either.
        input: { ...before.input, disable_legal: !before.input.disable_legal, sms_notify: !before.input.sms_notify },
      });
      expect(result, role).toEqual({
        ok: false,
        status: 403,
        message: "Legal enforcement is managed by the legal team.",
      });
      expect(await configOf(clientId), role).toEqual(before);
    }
    expect(await auditCount()).toBe(auditsBefore);
    // The stored value posted back unchanged (the read-only box's hidden field) saves the rest.
    const now = await configOf(clientId);
    expect(
      await savePickrrConfig(h.db, actors.tl, {
        clientId,
        version: now.version,
        input: { ...now.input, sms_notify: !now.input.sms_notify },
      }),
    ).toEqual({ ok: true, version: now.version + 1 });
  });

  it("surface_only changes the quote: services without surface transport drop out", async () => {
    const shipment = calculatorInput();
    const NOW = new Date("2026-11-20T04:30:00Z");
    const rows = await h.db.execute<{ id: number }>(
      sql`select id from clients where (pickrr_config->>'surface_only')::boolean is not true order by id limit 60`,
    );
    for (const { id } of rows.rows) {
      const before = await quoteForClient(h.db, id, shipment, NOW);
      if (!before.ok) continue;
      const services = await h.db.execute<{ id: number; has_surface: boolean }>(
        sql`select id, has_surface from courier_services`,
      );
      const surface = new Map(services.rows.map((s) => [s.id, s.has_surface]));
      const airOnly = before.quote.rate_list.filter((e) => !surface.get(e.courier_id));
      const road = before.quote.rate_list.filter((e) => surface.get(e.courier_id));
      if (airOnly.length === 0 || road.length === 0) continue;
      const { version, input } = await configOf(id);
      expect(
        (await savePickrrConfig(h.db, actors.vp, { clientId: id, version, input: { ...input, surface_only: true } }))
          .ok,
      ).toBe(true);
      const after = await quoteForClient(h.db, id, shipment, NOW);
      if (!after.ok) throw new Error("quote after");
      expect(after.quote.rate_list.map((e) => e.courier_id).sort()).toEqual(road.map((e) => e.courier_id).sort());
      for (const e of airOnly)
        expect(after.quote.skipped.find((s) => s.courier_id === e.courier_id)?.reasons).toContain(
          "no surface transport, and the client ships by surface only",
        );
      return;
    }
    throw new Error("no client quoted both air-only and surface services on the lane");
  });
});

describe("Business Details", () => {
  it("bank fields lock once set; only a vp unlocks them (audited); a stale version is refused", async () => {
    const [c] = await h.db
      .execute<{ id: number }>(
        sql`select id from clients where business_data->>'account_number' is null order by id limit 1`,
      )
      .then((r) => r.rows);
    let row = (await readAccountRow(h.db, c.id))!;
    const input = {
      ...row.business_data,
      account_name: "LOTUS THREADS",
      account_number: "50100123456789",
      bank_name: "HDFC Bank",
      ifsc_code: "HDFC0001234",
    };
    delete (input as Partial<typeof input>).label_logo;
    const saved = await saveBusinessDetails(h.db, actors.tl, { clientId: c.id, version: row.business_version, input });
    expect(saved).toEqual({ ok: true, version: row.business_version + 1 });
    row = (await readAccountRow(h.db, c.id))!;
    // Locked: a post without the (disabled) bank fields keeps them; a post that changes one is refused.
    const withoutBank = {
      ...input,
      account_name: null,
      account_number: null,
      bank_name: null,
      ifsc_code: null,
      avg_per_day_order: 77,
    };
    expect(
      (
        await saveBusinessDetails(h.db, actors.tl, {
          clientId: c.id,
          version: row.business_version,
          input: withoutBank,
        })
      ).ok,
    ).toBe(true);
    row = (await readAccountRow(h.db, c.id))!;
    expect(row.business_data).toMatchObject({ account_number: "50100123456789", avg_per_day_order: 77 });
    const change = { ...input, ifsc_code: "SBIN0001234" };
    expect(
      await saveBusinessDetails(h.db, actors.vp, { clientId: c.id, version: row.business_version, input: change }),
    ).toEqual({ ok: false, status: 403, message: ACCOUNT_REFUSALS.bankLocked });
    expect(await unlockBankFields(h.db, actors.tl, c.id)).toMatchObject({ ok: false, status: 403 });
    expect(await unlockBankFields(h.db, actors.vp, c.id)).toEqual({ ok: true });
    expect(
      (await saveBusinessDetails(h.db, actors.vp, { clientId: c.id, version: row.business_version, input: change })).ok,
    ).toBe(true);
    row = (await readAccountRow(h.db, c.id))!;
    expect(row).toMatchObject({ bank_unlocked: false, business_data: { ifsc_code: "SBIN0001234" } });
    expect(
      await saveBusinessDetails(h.db, actors.vp, { clientId: c.id, version: row.business_version - 1, input: change }),
    ).toMatchObject({ status: 409, current: { ifsc_code: "SBIN0001234" } });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, c.id), eq(auditLog.entity, "business_details")))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.new_value])).toEqual([
      [
        "update",
        {
          account_name: "LOTUS THREADS",
          account_number: "50100123456789",
          bank_name: "HDFC Bank",
          ifsc_code: "HDFC0001234",
        },
      ],
      ["update", { avg_per_day_order: 77 }],
      ["unlock_bank", { bank_locked: false }],
      ["update", { ifsc_code: "SBIN0001234", avg_per_day_order: input.avg_per_day_order }],
    ]);
  });

  it("a logo must be a png or jpeg of at most 300 KB; a refused one stores nothing", async () => {
    const clientId = planned[12].clientId;
    const row = (await readAccountRow(h.db, clientId))!;
    const { label_logo: _, ...input } = row.business_data;
    const before = await storedCount();
    const asPdf = await saveBusinessDetails(h.db, actors.vp, {
      clientId,
      version: row.business_version,
      input,
      logo: pdf("logo.pdf"),
    });
    expect(asPdf).toMatchObject({ ok: false, status: 400, message: "You can only upload png/jpeg/jpg file!" });
    const big = new Uint8Array(300 * 1024 + 1);
    big.set(PNG);
    expect(
      await saveBusinessDetails(h.db, actors.vp, {
        clientId,
        version: row.business_version,
        input,
        logo: new File([big], "logo.png", { type: "image/png" }),
      }),
    ).toMatchObject({ ok: false, message: "Max file size 300 KB only" });
    expect(await storedCount()).toBe(before);
    expect(
      (
        await saveBusinessDetails(h.db, actors.vp, {
          clientId,
          version: row.business_version,
          input,
          logo: new File([PNG], "logo.png", { type: "image/png" }),
        })
      ).ok,
    ).toBe(true);
    const after = (await readAccountRow(h.db, clientId))!;
    expect(after.business_data.label_logo).toBe(`/all-users/${clientId}/account-setup/logo`);
    expect(after.label_logo_file_id).not.toBeNull();
  });
});

describe("API token", () => {
  it("vp and kam reveal it (audited, masked in the log); others may not", async () => {
    const clientId = planned[13].clientId;
    const [c] = await h.db.select({ token: clients.auth_token }).from(clients).where(eq(clients.id, clientId));
    for (const role of ["avp", "bdm", "tl"])
      expect(await revealAuthToken(h.db, actors[role], clientId), role).toEqual({
        ok: false,
        status: 403,
        message: ACCOUNT_REFUSALS.token,
      });
    expect(await revealAuthToken(h.db, actors.kam, clientId)).toEqual({ ok: true, token: c.token });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "auth_token")));
    expect(audit).toMatchObject({ action: "reveal", staff_role: "kam" });
    expect(JSON.stringify(audit.new_value)).not.toContain(c.token!);
  });

  it("rotate: a new random token works at once and the old one fails at once", async () => {
    const clientId = planned[14].clientId;
    const [c] = await h.db.select({ token: clients.auth_token }).from(clients).where(eq(clients.id, clientId));
    expect((await clientByAuthToken(h.db, c.token!))?.id).toBe(clientId);
    const rotated = await rotateAuthToken(h.db, actors.vp, clientId);
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.token).toMatch(/^[0-9a-f]{40}$/);
    expect(rotated.token).not.toBe(c.token);
    expect(await clientByAuthToken(h.db, c.token!)).toBeNull();
    expect((await clientByAuthToken(h.db, rotated.token))?.id).toBe(clientId);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, "auth_token"), eq(auditLog.action, "rotate")));
    expect(JSON.stringify(audit)).not.toContain(rotated.token);
    expect(JSON.stringify(audit)).not.toContain(c.token!);
    expect(await rotateAuthToken(h.db, actors.tl, clientId)).toMatchObject({ ok: false, status: 403 });
  });
});

describe("Wallet Configuration", () => {
  it("only the configured wallet admin saves, only for clients with a wallet", async () => {
    expect(actors.vp.capabilities).toContain("wallet-admin"); // WALLET_ADMIN_EMAIL defaults to vp@demo.test
    expect(actors.avp.capabilities).not.toContain("wallet-admin");
    const [wallet] = await h.db
      .execute<{ id: number }>(
        sql`select id from clients where (pickrr_config->>'has_wallet')::boolean order by id limit 1`,
      )
      .then((r) => r.rows);
    const [plain] = await h.db
      .execute<{ id: number }>(
        sql`select id from clients where not (pickrr_config->>'has_wallet')::boolean order by id limit 1`,
      )
      .then((r) => r.rows);
    const config = (await getWalletConfig(h.db, wallet.id))!;
    expect(config).toMatchObject({
      configuration_type: "DEFAULT",
      current_tolerance: "-500.00",
      max_tolerance: "-2000.00",
    });
    const input = { current_tolerance: "-750.00", max_tolerance: "-3000.00" };
    expect(await saveWalletConfig(h.db, actors.avp, { clientId: wallet.id, version: config.version, input })).toEqual({
      ok: false,
      status: 403,
      message: ACCOUNT_REFUSALS.wallet,
    });
    expect(await saveWalletConfig(h.db, actors.vp, { clientId: plain.id, version: 1, input })).toEqual({
      ok: false,
      status: 404,
      message: ACCOUNT_REFUSALS.noWallet,
    });
    expect(await saveWalletConfig(h.db, actors.vp, { clientId: wallet.id, version: config.version, input })).toEqual({
      ok: true,
      version: config.version + 1,
    });
    expect(await getWalletConfig(h.db, wallet.id)).toMatchObject(input);
    expect(
      await saveWalletConfig(h.db, actors.vp, { clientId: wallet.id, version: config.version, input }),
    ).toMatchObject({ status: 409, current: input });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, wallet.id), eq(auditLog.entity, "wallet_config")));
    expect(audit).toMatchObject({
      old_value: { current_tolerance: "-500.00", max_tolerance: "-2000.00" },
      new_value: input,
    });
    // The client's account History shows it, field by field.
    const [latest] = await accountHistory(h.db, wallet.id);
    expect(latest).toMatchObject({
      staff: "vp@demo.test (vp)",
      section: "Wallet Configuration",
      action: "Updated",
      changes: [
        // jsonb keeps keys shortest first
        { field: "Maximum Tolerance", old: "-2000.00", next: "-3000.00" },
        { field: "Tolerance", old: "-500.00", next: "-750.00" },
      ],
    });
  });

  it("switching Activate Wallet on gives the client default tolerances", async () => {
    const [plain] = await h.db
      .execute<{ id: number }>(
        sql`select id from clients where not (pickrr_config->>'has_wallet')::boolean order by id desc limit 1`,
      )
      .then((r) => r.rows);
    const { version, input } = await configOf(plain.id);
    await savePickrrConfig(h.db, actors.vp, { clientId: plain.id, version, input: { ...input, has_wallet: true } });
    expect(await getWalletConfig(h.db, plain.id)).toMatchObject({ configuration_type: "DEFAULT", version: 1 });
  });
});
