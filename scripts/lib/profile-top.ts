/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by function and by
 * package (the `node_modules/<name>` of the function's file, or the app's own file), and the
 * inclusive time of the functions whose name matches FOCUS (a regular expression).
 *   npx tsx scripts/lib/profile-top.ts profiles/CPU.*.cpuprofile [TOP=40] [FOCUS=render] [FROM_MS=10000]
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
if (!file) {
  console.error("Usage: npx tsx scripts/lib/profile-top.ts FILE.cpuprofile");
  process.exit(2);
}
const top = Number(process.env.TOP ?? 40);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// FROM_MS: only the samples taken that long after the profile began (leaves out start-up work).
const fromUs = Number(process.env.FROM_MS ?? 0) * 1000;
const self = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= fromUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (!url) return "(native)";
  return url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

const fnSelf = new Map<string, number>();
const pkgSelf = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || "(anonymous)"} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + us);
  const pkg = where(n.callFrame.url);
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + us);
}
const pct = (us: number) =>
  `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms`);
console.log("\n== self time by package / file");
for (const [k, v] of [...pkgSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log("\n== self time by function");
for (const [k, v] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);

if (process.env.FOCUS) {
  // Inclusive time of the matching functions (a function under itself counted once).
  const focus = new RegExp(process.env.FOCUS);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (!focus.test(n.callFrame.functionName)) continue;
      const key = `${n.callFrame.functionName} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + us);
    }
  }
  console.log(`\n== inclusive time of functions matching ${focus}`);
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
}
