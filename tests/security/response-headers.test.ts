/**
 * Headers every answer carries (decisions 003 and 018), over HTTP against the built server:
 * - `Strict-Transport-Security` on a request that came over TLS, and only then: behind a trusted
 *   proxy (`TRUST_PROXY=true`, as the test server runs) `X-Forwarded-Proto: https` says so; without
 *   TRUST_PROXY the same header is anyone's word and gets no HSTS (the app in this process);
 * - `X-Content-Type-Options: nosniff` exactly once on every file: a stored file (legal PDF, KYC
 *   document) set its own as well, and the two went out side by side;
 * - a KYC document that starts `%PDF-` and goes on as an HTML page is refused with the KYC's own
 *   message (the PDF check of every PDF upload), over the real form post.
 */
import type { AddressInfo } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { plannedGstRegistrations } from "~/services/seed/account";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { createApp, STRICT_TRANSPORT_SECURITY } from "../../scripts/server";
import { baseURL } from "../support/browser";
import { get, signInCookie, url } from "../support/http";
import { makePdf } from "../support/pdf";

describe("Strict-Transport-Security behind a trusted proxy (the test server)", () => {
  it("is sent when the proxy says the request came over https: pages, files, refusals", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    for (const res of [
      await get("/", https),
      await get("/favicon.svg", https),
      await fetch(url("/sign-in"), { method: "PUT", headers: https }),
    ]) {
      expect(res.headers.get("Strict-Transport-Security"), res.url).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("is not sent over plain http", async () => {
    for (const res of [await get("/"), await get("/", { "X-Forwarded-Proto": "http" }), await get("/favicon.svg")])
      expect(res.headers.get("Strict-Transport-Security"), res.url).toBeNull();
  });
});

describe("Strict-Transport-Security without TRUST_PROXY (the app in this process)", () => {
  const servers: { close: () => void }[] = [];
  afterAll(() => servers.forEach((s) => s.close()));
  const start = async (trustProxy: boolean) => {
    const app = await createApp(path.resolve(process.env.BUILD_DIR ?? "build"), { trustProxy });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it("a forged X-Forwarded-Proto gets no HSTS; the same app trusting its proxy sends it", async () => {
    const forged = { "X-Forwarded-Proto": "https" };
    // A static file and a method the edge refuses: answers that need no database.
    const untrusting = await start(false);
    for (const res of [
      await fetch(`${untrusting}/favicon.svg`, { headers: forged }),
      await fetch(`${untrusting}/sign-in`, { method: "PUT", headers: forged }),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("Strict-Transport-Security"), res.url).toBeNull();
    }
    const trusting = await start(true);
    const res = await fetch(`${trusting}/favicon.svg`, { headers: forged });
    expect(res.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

/** The demo chain's clients (vp@ sees them), from the end: the browser tests use the first ones. */
const chain = plannedDemoClients().filter((c) => c.chain.tl === "tl@demo.test" && c.has_token);
const kycClient = chain[chain.length - 1];
const registration = plannedGstRegistrations()[kycClient.id - 1];
const PROOF_FOR = {
  pvt_ltd: "cin",
  ltd: "cin",
  llp: "cin",
  partnership: "partnership_deed",
  individual: "aadhar_card",
} as const;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A multipart form post from the console's own origin (fetch sends its length), not followed. */
function postMultipart(to: string, form: FormData, cookie: string) {
  return fetch(url(to), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(baseURL()).origin, Cookie: cookie },
    body: form,
  });
}

function kycForm(business: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }) {
  const form = new FormData();
  const fields = {
    intent: "kyc-submit",
    company_name: registration.company_name,
    company_type: registration.company_type,
    business_proof_type: PROOF_FOR[registration.company_type],
    gst_type: "yes",
    gst_no: registration.gstin,
    pan_number: registration.pan,
    msme: "no",
    billing_address: registration.billing_address,
    billing_address_line2: registration.billing_address_line2,
    billing_city: registration.city,
    billing_pincode: registration.pincode,
    billing_state: registration.state,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value ?? ""));
  form.append("business_proof", new File([business.bytes], business.name, { type: business.type }));
  form.append("gst_certificate", new File([PNG], "gst.png", { type: "image/png" }));
  return form;
}

describe("file responses", () => {
  let vp = "";
  let legal = "";
  let legalPdfPath = "";
  const kycPath = `/all-users/${kycClient.id}/account-setup`;

  beforeAll(async () => {
    vp = (await signInCookie("vp@demo.test", "vp", "10.12.0.1")).cookie;
    legal = (await signInCookie("legal@demo.test", "legal", "10.12.0.2")).cookie;
  });

  it("a KYC document that is `%PDF-` and then an HTML page is refused with the KYC's message; a real PDF is taken", async () => {
    const html = new TextEncoder().encode(
      "%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n",
    );
    const refused = await postMultipart(
      kycPath,
      kycForm({ name: "proof.pdf", type: "application/pdf", bytes: html }),
      vp,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("You can only upload png/jpeg/jpg/pdf file!");
    expect((await get(`${kycPath}/document/business_proof`, { Cookie: vp })).status).toBe(404);

    const taken = await postMultipart(
      kycPath,
      kycForm({ name: "proof.pdf", type: "application/pdf", bytes: await makePdf("Business proof") }),
      vp,
    );
    expect(taken.status).toBe(302);
  });

  it("a legal PDF is published (for its download below)", async () => {
    const description = `Headers check ${Date.now()}`;
    const form = new FormData();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const fields = {
      doc_name: "other",
      doc_type: "broadcast",
      segment: "1",
      description,
      publish_at: today,
      order_blocking: "optional",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("intent", "preview");
    form.append("doc_file", new File([await makePdf(description)], "headers.pdf", { type: "application/pdf" }));
    // Two posts (decision 063): the form answers with its preview and the kept PDF's id; Publish claims it.
    const previewed = await postMultipart("/merchant-agreements?add=1", form, legal);
    expect(previewed.status).toBe(200);
    const pending = /name="pending_file" value="(\d+)"/.exec(await previewed.text())?.[1] ?? "";
    expect(pending).not.toBe("");
    const publish = new FormData();
    for (const [name, value] of Object.entries({ ...fields, pending_file: pending, intent: "publish" }))
      publish.append(name, value);
    const published = await postMultipart("/merchant-agreements?add=1", publish, legal);
    expect(published.status).toBe(302);
    const list = await (await get("/merchant-agreements", { Cookie: legal })).text();
    const row = list.split('data-testid="legal-doc-row"').find((r) => r.includes(description));
    legalPdfPath = /href="(\/merchant-agreements\/\d+\/document\.pdf)"/.exec(row ?? "")?.[1] ?? "";
    expect(legalPdfPath).not.toBe("");
  });

  it("every file carries X-Content-Type-Options exactly once", async () => {
    const ist = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
    const client = chain[0].id;
    const files: [string, string][] = [
      [legalPdfPath, legal],
      ["/legal-status/download.csv?status=1", legal],
      [`${kycPath}/document/business_proof`, vp],
      [`/all-users/${client}/rate-card/download.csv`, vp],
      [`/all-users/${client}/rate-card/download.pdf`, vp],
      [`/all-users/${client}/rate-card/sample.csv`, vp],
      ["/rate-cards/1/download.csv", vp],
      ["/rate-cards/1/download.pdf", vp],
      [`/on-hold-cod/download.xlsx?from=${ist(-29)}&to=${ist(0)}`, vp],
      ["/on-hold-cod/cod-status.csv", vp],
      [`/all-users/${client}/account-ledger.csv?type=cleared`, vp],
      ["/order-tracker/daily-stats.csv?period=last_30_days", vp],
      [`/all-users/${client}/serviceability/pincodes.csv?source_pincode=110001`, vp],
    ];
    for (const [file, cookie] of files) {
      const res = await get(file, { Cookie: cookie });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("Content-Disposition"), file).toBeTruthy();
      // Two fields would read "nosniff, nosniff" here.
      expect(res.headers.get("X-Content-Type-Options"), file).toBe("nosniff");
      await res.arrayBuffer();
    }
  });
});
