/**
 * Measures first-load JavaScript and CSS per route from the production build (docs/architecture.md §7
 * budgets: JS ≤ 200 KiB gzip per route; CSS ≤ 15 KiB gzip, decision 022). For each leaf route it adds
 * the entry, then every route module of its match chain (root → layouts → the route) with
 * their imports and CSS, and the route manifest module (lazy route discovery is off, so every
 * page loads it), each file counted once, gzip -9 as a server would send it.
 * Prints a table, the largest first, and exits non-zero when a budget is missed.
 * Usage: npm run build && npx tsx scripts/bench-bundle.ts   (BUILD_DIR is honoured)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type Entry = { module: string; imports?: string[]; css?: string[] };
type Route = Entry & { id: string; parentId?: string; path?: string; index?: boolean };
type Manifest = { entry: Entry; routes: Record<string, Route> };

const JS_BUDGET_KIB = 200;
const CSS_BUDGET_KIB = 15; // decision 022: render-blocking CSS per page (Mantine per component)

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const manifestFile = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`No Remix manifest in ${clientDir}/assets: run \`npm run build\` first.`);
const source = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;

const gz = new Map<string, number>();
function gzipBytes(url: string): number {
  let n = gz.get(url);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
    gz.set(url, n);
  }
  return n;
}

const parents = new Set(
  Object.values(manifest.routes)
    .map((r) => r.parentId)
    .filter(Boolean),
);
const leaves = Object.values(manifest.routes).filter((r) => !parents.has(r.id) && r.module);

const rows = leaves.map((leaf) => {
  const chain: Route[] = [];
  for (let r: Route | undefined = leaf; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
  const js = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const css = new Set<string>(manifest.entry.css ?? []);
  for (const r of chain) {
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  const kib = (files: Set<string>) => [...files].reduce((n, f) => n + gzipBytes(f), 0) / 1024;
  return { route: leaf.id, js: kib(js), css: kib(css), files: js.size };
});
rows.sort((a, b) => b.js - a.js);

console.log(`First-load assets per route, gzip -9 (budgets: JS ≤ ${JS_BUDGET_KIB} KiB, CSS ≤ ${CSS_BUDGET_KIB} KiB)`);
console.log("| Route | JS KiB | JS files | CSS KiB |");
console.log("| --- | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.route} | ${r.js.toFixed(1)} | ${r.files} | ${r.css.toFixed(1)} |`);
const over = rows.filter((r) => r.js > JS_BUDGET_KIB || r.css > CSS_BUDGET_KIB);
if (over.length) {
  console.error(`Over budget: ${over.map((r) => r.route).join(", ")}`);
  process.exit(1);
}
