/**
 * Measures the All Couriers and Courier Rules tabs (decision 027) with the production build on the
 * embedded database, for a client with every courier service of the catalogue switched on and
 * 50 Pickrr Select rules with 10,000-pincode lists. Budgets: ≤ 30 ms p95 at one connection and
 * ≥ 100 requests/s at 20 concurrent connections (a static file measured beside it in the same
 * run), and a 100,000-pincode CSV list uploaded and saved in ≤ 2 s. Prints the figures; asserts
 * nothing. Usage: npm run build && npx tsx scripts/bench-courier-setup.ts
 */
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";

import { selectRuleList } from "~/services/courier-setup/select-rules.server";
import { openPglite } from "~/services/db/client.server";
import { clientCourierServices, clientRuleSettings, courierServices, pickrrSelectRules } from "~/services/db/schema";

import { quantile, seededDataDir, startBenchServer } from "./lib/bench-server";

const REQUESTS = 200;
const WARM_UP = 30;
const CONCURRENT = 20;
const CONCURRENT_REQUESTS = 600;
const RULES = 50;
const LIST = 10_000;
const PORT = 3951;

const data = await seededDataDir();
const clientId = data.clientId;
{
  // The client of the budget: every courier service, Pickrr Select, 50 rules with long lists.
  const h = openPglite(path.join(data.dir, "pg"));
  const services = await h.db.select({ id: courierServices.id }).from(courierServices);
  await h.db
    .insert(clientCourierServices)
    .values(services.map((s) => ({ client_id: clientId, courier_service_id: s.id, is_active: true })))
    .onConflictDoNothing();
  await h.db
    .insert(clientRuleSettings)
    .values({ client_id: clientId, rule_code: "5" })
    .onConflictDoUpdate({ target: clientRuleSettings.client_id, set: { rule_code: "5" } });
  await h.db.delete(pickrrSelectRules).where(eq(pickrrSelectRules.client_id, clientId));
  const pins = (
    await h.db.execute<{ p: string }>(sql`select pincode::text as p from pincodes order by pincode limit ${LIST}`)
  ).rows.map((r) => r.p);
  for (let i = 0; i < RULES; i++) {
    await h.db.insert(pickrrSelectRules).values({
      client_id: clientId,
      name: `Bench rule ${i + 1}`,
      priority: 100 - i,
      active: i % 3 !== 0,
      criterias: { zone_list: { list: ["C", "D"] }, pincode_list: { lm: pins } },
      courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: [] },
    });
  }
  console.log(
    `client ${clientId}: ${services.length} courier services, ${RULES} Pickrr Select rules of ${LIST.toLocaleString("en-IN")} pincodes`,
  );
  // The list's query alone, in this process (no HTTP, no render): what reading the rules costs.
  const listTimes: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const rules = await selectRuleList(h.db, clientId);
    if (i >= 10) listTimes.push(performance.now() - t);
    if (rules.length !== RULES) throw new Error(`the list has ${rules.length} rules`);
  }
  console.log(
    `selectRuleList (${RULES} rules), in process: ${quantile(listTimes, 0.5)} ms median, ${quantile(listTimes, 0.95)} ms p95`,
  );
  await h.close();
}

const server = await startBenchServer({ dataDir: data.dir, port: PORT });
try {
  const base = server.base;
  const signIn = await fetch(`${base}/sign-in`, {
    method: "POST",
    body: new URLSearchParams({ email: "vp@demo.test", role: "vp", password: "demo-password" }),
    redirect: "manual",
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );

  const pages = [
    ["All Couriers", `/all-users/${clientId}/courier-setup`],
    ["All Couriers, filter active + search", `/all-users/${clientId}/courier-setup?filter=active&q=air`],
    ["Courier Rules (Pickrr Select list)", `/all-users/${clientId}/courier-rules?panel=pickrr_select`],
    ["Courier Rules (custom priority)", `/all-users/${clientId}/courier-rules?panel=custom`],
  ] as const;
  for (const [label, url] of pages) {
    const serverTimes: number[] = [];
    const latency: number[] = [];
    let bytes = 0;
    const cpuBefore = server.cpuMs();
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      const r = await server.get(url);
      if (i >= WARM_UP) {
        serverTimes.push(r.serverMs);
        latency.push(r.ms);
      }
      bytes = r.bytes;
    }
    const cpu = (server.cpuMs() - cpuBefore) / (REQUESTS + WARM_UP);
    console.log(
      `${label}: one connection, ${REQUESTS} requests; server ${quantile(serverTimes, 0.5)} ms median, ${quantile(serverTimes, 0.95)} ms p95; ` +
        `latency ${quantile(latency, 0.5)} / ${quantile(latency, 0.95)} ms; server CPU ${cpu.toFixed(1)} ms/request (${(bytes / 1024).toFixed(0)} KiB)`,
    );
  }

  /** Requests per second with CONCURRENT connections in flight. */
  async function throughput(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ rps: number; p99: string; failed: string[] }> {
    let next = 0;
    const failed: string[] = [];
    const times: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (next < CONCURRENT_REQUESTS) {
          next++;
          const t = performance.now();
          const res = await fetch(base + url, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) failed.push(String(res.status));
          times.push(performance.now() - t);
        }
      }),
    );
    return { rps: CONCURRENT_REQUESTS / ((performance.now() - start) / 1000), p99: quantile(times, 0.99), failed };
  }
  const auth = { cookie, "accept-encoding": "gzip" };
  for (const [label, url, headers] of [
    ["static file /favicon.svg", "/favicon.svg", { "accept-encoding": "gzip" }],
    ["All Couriers", pages[0][1], auth],
    ["Courier Rules (Pickrr Select list)", pages[2][1], auth],
  ] as const) {
    await throughput(url, headers); // warm
    const r = await throughput(url, headers);
    const failures = r.failed.length
      ? `; ${r.failed.length} answers not 200 (${[...new Set(r.failed)].join(", ")})`
      : "";
    console.log(
      `${label}: ${CONCURRENT} connections, ${CONCURRENT_REQUESTS} requests: ${r.rps.toFixed(0)} requests/s, p99 ${r.p99} ms${failures}`,
    );
  }

  // A 100,000-pincode CSV list (BOM, CRLF, as Excel saves it), uploaded and saved as a new rule
  // through the editor's multipart form; then 100,001 lines, which must be refused (400).
  const csvOf = (n: number) =>
    "\uFEFFpincode\r\n" + Array.from({ length: n }, (_, i) => String(100000 + i)).join("\r\n") + "\r\n";
  async function upload(name: string, csv: string) {
    const form = new FormData();
    form.set("name", name);
    form.set("selection", "cheapest");
    form.set("version", "");
    form.set("lm_csv", new File([csv], "pincodes.csv", { type: "text/csv" }));
    const t = performance.now();
    const res = await fetch(`${base}/all-users/${clientId}/courier-rules/select/new`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: base },
      redirect: "manual",
    });
    await res.arrayBuffer();
    const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? NaN);
    return { status: res.status, ms: performance.now() - t, serverMs };
  }
  const csv = csvOf(100_000);
  const uploads: { ms: number; serverMs: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await upload(`Bench upload ${i + 1}`, csv);
    if (r.status !== 302) throw new Error(`upload: ${r.status}`);
    uploads.push(r);
  }
  console.log(
    `100,000-pincode CSV (${(csv.length / 1024).toFixed(0)} KiB) uploaded and saved, 5 times: ` +
      `${uploads.map((u) => `${u.ms.toFixed(0)} ms (server ${u.serverMs.toFixed(0)})`).join(", ")}; median ${quantile(
        uploads.map((u) => u.ms),
        0.5,
      )} ms`,
  );
  const refused = await upload("Bench upload too long", csvOf(100_001));
  if (refused.status !== 400) throw new Error(`100,001 pincodes: ${refused.status}, not 400`);
  console.log(
    `100,001-pincode CSV refused (400) in ${refused.ms.toFixed(0)} ms (server ${refused.serverMs.toFixed(0)})`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await server.stop();
  await data.remove();
}
