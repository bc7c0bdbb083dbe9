/**
 * Two builds' HTML for the same pages, compared: for a change that should not change what a
 * page shows (decision 047's plain layout components), every screen rendered by both builds'
 * Remix handlers in one process on the demo database (PGlite), as vp unless a line names
 * someone else, and the markup of `<body>` up to its first script compared after renaming the
 * ids React's `useId` generates (they follow the component tree, not the page).
 *   npx remix vite:build && BUILD_DIR=build-x npx remix vite:build    (the other commit's build)
 *   npx tsx scripts/compare-html.ts build-x build                     (PAGES_FILE=lines of "[email|-] url")
 * Prints each page as same or DIFF (the two bodies saved in /tmp/compare-html-N-{a,b}.html);
 * exits 1 when any differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";

const builds = process.argv.slice(2);
if (builds.length !== 2) {
  console.error("Usage: npx tsx scripts/compare-html.ts BUILD_DIR BUILD_DIR");
  process.exit(2);
}
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "compare-html-session-secret-0123456789";
process.env.COOKIE_SECURE = "false";

const DEFAULT_PAGES = `
/all-users
/all-users?q=a&sort=name&dir=asc
/all-users?register=1
/all-users/{client}
/all-users/{client}/rate-card
/all-users/{client}/rate-card?tab=reverse&all=1
/all-users/{client}/rate-card?tab=rto
/all-users/{client}/rate-card?edit=1
/all-users/{client}/rate-card/history
/all-users/{client}/rate-card/upload
/all-users/{client}/rate-card/weight-slab
/all-users/{client}/rate-card/apply-segment
/all-users/{client}/rate-card/rto-from-forward
/all-users/{client}/rate-card/advantage
/all-users/{client}/rate-calculator
/all-users/{client}/rate-calculator?pickup_pincode=110001&drop_pincode=400001&weight=1.5&payment_mode=cod&cod_amount=500&invoice_value=500
/all-users/{client}/serviceability?pincode=110001
/all-users/{client}/courier-setup
/all-users/{client}/courier-rules
/all-users/{client}/account-setup
/all-users/{client}/account-ledger
/rate-cards
/dashboard
/order-tracker
/order-tracker?view=avp
/on-hold-cod
/finance-analytics
/single-search-record?type=customer_name&q=Naveen%20Murthy
/single-search-record?type=tracking_id&q=PK1
/no-such-page
- /
legal@demo.test /legal-status
legal@demo.test /merchant-agreements
kam@demo.test /all-users
`;

const { seededDataDir } = await import("./lib/bench-server");
const data = await seededDataDir();
process.env.DATA_DIR = data.dir;
const { runInRequestScope } = await import("../app/services/http/request-scope.server");
const { openPglite, setProcessDb } = await import("../app/services/db/client.server");
const { startSession } = await import("../app/services/auth/session.server");
const { staff } = await import("../app/services/db/schema");
const handle = openPglite(path.join(data.dir, "pg"));
// Both builds' modules reach the process's database (kept on globalThis by client.server.ts).
setProcessDb(handle);

const cookies = new Map<string, string>();
async function cookieOf(email: string): Promise<string> {
  if (email === "-") return "";
  if (!cookies.has(email)) {
    const [s] = await handle.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    if (!s) throw new Error(`No demo account ${email}.`);
    cookies.set(email, (await startSession(handle.db, new Request("http://localhost/"), s.id)).split(";")[0]);
  }
  return cookies.get(email)!;
}

/** `<body>` up to its first script, with generated ids numbered in order of appearance. */
function comparable(html: string): string {
  const start = html.indexOf("<body");
  const end = html.indexOf("<script", start);
  const ids = new Map<string, string>();
  return html
    .slice(start, end < 0 ? undefined : end)
    .replace(/(mantine-|__m__-|:)(R[0-9a-zA-Z]+)/g, (_, prefix: string, id: string) => {
      if (!ids.has(id)) ids.set(id, `ID${ids.size}`);
      return prefix + ids.get(id);
    });
}

const handlers = await Promise.all(
  builds.map(async (dir) =>
    createRequestHandler(
      (await import(pathToFileURL(path.resolve(dir, "server/index.js")).href)) as ServerBuild,
      "production",
    ),
  ),
);
const lines = (process.env.PAGES_FILE ? readFileSync(process.env.PAGES_FILE, "utf8") : DEFAULT_PAGES)
  .split("\n")
  .map((l) => l.trim())
  .filter(Boolean);
let differing = 0;
try {
  for (const line of lines) {
    const [who, raw] = line.includes(" ") ? (line.split(/\s+/, 2) as [string, string]) : ["vp@demo.test", line];
    const url = raw.replaceAll("{client}", String(data.clientId));
    const cookie = await cookieOf(who);
    const bodies: string[] = [];
    for (const handler of handlers) {
      const res = await runInRequestScope(() =>
        handler(new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }), {
          clientIp: "127.0.0.1",
          cspNonce: "compare",
        }),
      );
      bodies.push(`${res.status}\n${comparable(await res.text())}`);
    }
    if (bodies[0] === bodies[1]) {
      console.log(`same  ${who === "vp@demo.test" ? "" : `${who} `}${url}`);
    } else {
      differing++;
      bodies.forEach((b, i) => writeFileSync(`/tmp/compare-html-${differing}-${"ab"[i]}.html`, b));
      console.log(
        `DIFF  ${who === "vp@demo.test" ? "" : `${who} `}${url}  (/tmp/compare-html-${differing}-a.html, -b.html)`,
      );
    }
  }
  console.log(`${differing} of ${lines.length} pages differ.`);
  process.exitCode = differing ? 1 : 0;
} finally {
  await data.remove();
  // The builds' schedules and the database keep the event loop alive.
  process.exit();
}
