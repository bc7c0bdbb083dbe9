#!/usr/bin/env node
/**
 * Edits to installed dependencies (decision 053 keeps or drops each and says what retires it):
 * route matching once per build (decision 037), Remix's module preloads at low priority
 * (decision 042), PGlite's protocol reader without copies (decision 049) and React's server
 * output encoded once a flush (decision 052).
 *
 * Each patch names its package and the exact version it was written for, and package.json pins
 * that version (a dependency or an override), so the lock cannot move under it. The script checks
 * the installed version, then that each edit matches exactly once. When a patch cannot be applied
 * (another version, or a file not as expected), its file is left as published: the app is still
 * correct, only slower or with what the patch fixes unfixed. What happens then:
 *   - locally (`npm install`'s postinstall), a warning naming the patch, the package, the
 *     version expected and the one installed, and what to do;
 *   - strict — CI=true (`npm ci` in CI), or `--strict` (`npm test` runs it before anything
 *     else) — the same message and exit status 1: a patch that does not apply is a failure.
 * Idempotent: a file that carries its patch's marker is left alone.
 *   node scripts/patch-dependencies.mjs [--strict] [--root DIR]
 * tests/services/patches.test.ts checks all of this; each patch's own test checks what it does.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DECISION_FILE = "docs/decisions/053-dependency-patches.md";

/**
 * Route matching once per build, not three times per request (decision 037). Remix 2's server
 * matches a request's URL against the whole route tree three times (the request handler, the
 * static handler's query, the static router's render), and each time @remix-run/router flattens
 * and ranks every route and compiles a RegExp per route path; RemixServer also rebuilds the route
 * objects per request. React Router 7 fixed it upstream the same way (remix-run/react-router#14967:
 * cached flattened/ranked branches); Remix 2 will not get it, so this backports it to the
 * server's CommonJS files:
 *   - @remix-run/router: the ranked branches are cached per routes array (a WeakMap, cleared when
 *     routes are patched in), and compiled path patterns in a bounded Map;
 *   - @remix-run/react: RemixServer's server routes are built once per (manifest, route modules);
 *   - react-router-dom/server: the static router's data routes once per routes array.
 * Only caching is added: what matches is unchanged (tests/services/route-matching.test.ts
 * matches against fresh, uncached trees).
 */
export const PATCH_MARKER = "/* console: route-matching cache (decision 037) */";
/**
 * Markers an earlier version of this script wrote for the same edits (installed trees patched
 * before the marker's text was corrected still carry them): a file with one is already patched.
 */
export const FORMER_MARKERS = new Map([[PATCH_MARKER, ["/* console: route-matching cache (decision 036) */"]]]);
export const PRELOAD_MARKER = "/* console: module preloads at low priority (decision 042) */";

/**
 * Remix's <Scripts> preloads every module of the page with `<link rel="modulepreload">`, which
 * browsers fetch at high priority, beside the render-blocking stylesheets: on a slow link the
 * page's ~40 modules (150–200 KiB) share the bandwidth with the CSS the first paint waits for.
 * At low priority the stylesheets go first and the scripts follow (the page works without
 * them). Both the server's copy (the HTML) and the browser's (hydration renders the same tags).
 */
/** @param {string} file @returns {Patch} */
const lowPriorityPreloads = (file) => ({
  id: "low-priority-preloads",
  decision: "042",
  package: "@remix-run/react",
  version: "2.17.5",
  file,
  marker: PRELOAD_MARKER,
  what: "module preloads at low priority",
  test: "tests/e2e/static-files.test.ts",
  unpatched:
    "the page's modules compete with its stylesheets for the first paint (Lighthouse mobile FCP 0.9–1.1 s → 2.1–2.8 s)",
  edits: [
    ["function Scripts(props) {", `${PRELOAD_MARKER}\nfunction Scripts(props) {`],
    [
      'rel: "modulepreload",\n    href: manifest.url,',
      'rel: "modulepreload",\n    fetchpriority: "low",\n    href: manifest.url,',
    ],
    [
      'rel: "modulepreload",\n    href: manifest.entry.module,',
      'rel: "modulepreload",\n    fetchpriority: "low",\n    href: manifest.entry.module,',
    ],
    ['rel: "modulepreload",\n    href: path,', 'rel: "modulepreload",\n    fetchpriority: "low",\n    href: path,'],
  ],
});

/**
 * PGlite's wire-protocol reader (decision 049). Its published build keeps the reader's state in
 * private fields compiled down to WeakMaps (two WeakMap lookups a read), copies every field's
 * bytes into a new ArrayBuffer (`buffer.slice`, ~0.6 µs a field) before decoding them, and makes
 * a DataView per message. In a profile of All Users under load, `bytes` alone was ~15 % of the
 * database thread. This reader keeps its state in plain properties, decodes each field from a
 * view of the message buffer (no copy), and keeps its views while the buffer is the same; the
 * DataRow loop looks the reader up once. Same bytes in, same values out
 * (tests/services/pglite-reader.test.ts compares it with the original on the same messages).
 */
export const READER_MARKER = "/* console: PGlite protocol reader without copies (decision 049) */";
export const PGLITE_READER_FILE = "node_modules/@electric-sql/pglite/dist/chunk-Y6PULSM7.js";
/** @type {[string, string][]} */
export const PGLITE_READER_EDITS = [
  [
    `ue=class{constructor(t=0){h(this,x,new DataView(vn));h(this,w);h(this,ce,"utf-8");h(this,le,new TextDecoder(r(this,ce)));h(this,V,!1);d(this,w,t)}setBuffer(t,n){d(this,w,t),d(this,x,new DataView(n))}int16(){let t=r(this,x).getInt16(r(this,w),r(this,V));return d(this,w,r(this,w)+2),t}uint16(){let t=r(this,x).getUint16(r(this,w),r(this,V));return d(this,w,r(this,w)+2),t}byte(){let t=r(this,x).getUint8(r(this,w));return re(this,w)._++,t}int32(){let t=r(this,x).getInt32(r(this,w),r(this,V));return d(this,w,r(this,w)+4),t}string(t){return r(this,le).decode(this.bytes(t))}cstring(){let t=r(this,w),n=t;for(;r(this,x).getUint8(n++)!==0;);let s=this.string(n-t-1);return d(this,w,n),s}bytes(t){let n=r(this,x).buffer.slice(r(this,w),r(this,w)+t);return d(this,w,r(this,w)+t),new Uint8Array(n)}};`,
    `${READER_MARKER}ue=class{constructor(t=0){this.o=t;this.b=vn;this.v=new DataView(vn);this.u=new Uint8Array(vn);this.dec=new TextDecoder("utf-8")}setBuffer(t,n){this.o=t;if(n!==this.b){this.b=n;this.v=new DataView(n);this.u=new Uint8Array(n)}}int16(){let t=this.v.getInt16(this.o,!1);this.o+=2;return t}uint16(){let t=this.v.getUint16(this.o,!1);this.o+=2;return t}byte(){return this.u[this.o++]}int32(){let t=this.v.getInt32(this.o,!1);this.o+=4;return t}string(t){let s=this.o;this.o=s+t;return this.dec.decode(this.u.subarray(s,s+t))}cstring(){let u=this.u,s=this.o,n=s;for(;u[n]!==0;)n++;let r=this.dec.decode(u.subarray(s,n));this.o=n+1;return r}bytes(t){let s=this.o;this.o=s+t;return this.u.slice(s,s+t)}};`,
  ],
  [
    "pt=function(t,n,s){r(this,o).setBuffer(t,s);let i=r(this,o).int16(),a=new Array(i);for(let u=0;u<i;u++){let m=r(this,o).int32();a[u]=m===-1?null:r(this,o).string(m)}return new ee(n,a)}",
    "pt=function(t,n,s){let R=r(this,o);R.setBuffer(t,s);let i=R.int16(),a=new Array(i);for(let u=0;u<i;u++){let m=R.int32();a[u]=m===-1?null:R.string(m)}return new ee(n,a)}",
  ],
];

/**
 * React DOM's server output encoded once a flush (decision 052). React 18's Node renderer
 * encodes every piece of HTML it writes — a tag's start, an attribute, an escaped text, some
 * thousands a page — into 2 KiB byte buffers with one `TextEncoder.encodeInto` call each, and
 * its fixed pieces are pre-encoded bytes. In a profile of All Users under load that writing
 * (`writeChunk`) was ~13 % of the server's thread. Here the fixed pieces stay strings, the
 * pieces of a flush are joined as one string, and that string is encoded once when React ends
 * the flush (`completeWriting`); bytes given to the writer (none in React's own code) still go
 * through the original path, after what was joined before them. Same HTML out
 * (tests/services/react-server-writes.test.ts renders pages with the published file and this).
 */
export const REACT_WRITES_MARKER = "/* console: React's server output encoded once a flush (decision 052) */";
export const REACT_SERVER_FILE = "node_modules/react-dom/cjs/react-dom-server.node.production.min.js";
/** @type {[string, string][]} */
export const REACT_WRITES_EDITS = [
  ["function x(a){return u.encode(a)}", "function x(a){return a}"],
  [
    'function r(a,b){if("string"===typeof b){',
    `${REACT_WRITES_MARKER}var joined_="";function r(a,b){"string"===typeof b?joined_+=b:(joined_&&(writeBytes_(a,joined_),joined_=""),writeBytes_(a,b))}function writeBytes_(a,b){if("string"===typeof b){`,
  ],
  [
    "function ca(a){k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}",
    'function ca(a){k&&0<l&&a.write(k.subarray(0,l));joined_&&(a.write(u.encode(joined_)),joined_="");k=null;l=0;q=!0}',
  ],
];

/** What a patch is for, shared by the route-matching cache's three files. */
const routeMatching = {
  id: "route-matching-cache",
  decision: "037",
  marker: PATCH_MARKER,
  what: "route matching once per build",
  test: "tests/services/route-matching.test.ts",
  unpatched:
    "each page matches its route three times from scratch and rebuilds its route objects (≥ 0.6 ms more CPU a page)",
};

/**
 * Every patch: `package` at exactly `version` (what package.json pins), the `file` edited,
 * `edits` ([find, replace], each find matching exactly once, in order), the `marker` that says a
 * file is patched, the decision that made it, the test that checks it, and what is lost without it.
 * @typedef {{ id: string, decision: string, package: string, version: string, file: string, marker: string, what: string, test: string, unpatched: string, edits: [string, string][] }} Patch
 * @type {Patch[]}
 */
export const PATCHES = [
  {
    ...routeMatching,
    package: "@remix-run/router",
    version: "1.23.3",
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    edits: [
      [
        "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;",
        "  let branches = rankedBranchesOf(routes);\n  let matches = null;",
      ],
      [
        "function convertRouteMatchToUiMatch(match, loaderData) {",
        `${PATCH_MARKER}
let rankedBranchesCache = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranchesCache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesCache.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function convertRouteMatchToUiMatch(match, loaderData) {`,
      ],
      [
        "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n",
        "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  rankedBranchesCache = new WeakMap();\n",
      ],
      [
        "function compilePath(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {\n    caseSensitive = false;\n  }\n  if (end === void 0) {\n    end = true;\n  }\n",
        'function compilePath(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {\n    caseSensitive = false;\n  }\n  if (end === void 0) {\n    end = true;\n  }\n  let key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;\n  let compiled = compiledPaths.get(key);\n  if (!compiled) {\n    if (compiledPaths.size >= 1000) compiledPaths.clear();\n    compiled = compilePathUncached(path, caseSensitive, end);\n    compiledPaths.set(key, compiled);\n  }\n  return compiled;\n}\nfunction compilePathUncached(path, caseSensitive, end) {\n',
      ],
    ],
  },
  {
    ...routeMatching,
    package: "@remix-run/react",
    version: "2.17.5",
    file: "node_modules/@remix-run/react/dist/server.js",
    edits: [
      [
        "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
        `  ${PATCH_MARKER}
  // The route modules object is new per request (server-runtime's createEntryRouteModules), the
  // modules in it are the build's: the routes built from the same modules are reused.
  let built = serverRoutesCache.get(manifest.routes);
  let moduleIds = Object.keys(routeModules);
  if (!built || built.isSpaMode !== context.isSpaMode || built.moduleIds.length !== moduleIds.length || moduleIds.some(id => built.routeModules[id] !== routeModules[id])) {
    built = { isSpaMode: context.isSpaMode, moduleIds, routeModules: { ...routeModules }, routes: routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) };
    serverRoutesCache.set(manifest.routes, built);
  }
  let routes$1 = built.routes;`,
      ],
      ["function RemixServer({", "const serverRoutesCache = new WeakMap();\nfunction RemixServer({"],
    ],
  },
  {
    ...routeMatching,
    package: "react-router-dom",
    version: "6.30.4",
    file: "node_modules/react-router-dom/server.js",
    edits: [
      [
        "  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);",
        `  ${PATCH_MARKER}
  let converted = staticDataRoutesCache.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    staticDataRoutesCache.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
      ],
      [
        "function createStaticRouter(routes, context, opts = {}) {",
        "const staticDataRoutesCache = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {",
      ],
    ],
  },
  lowPriorityPreloads("node_modules/@remix-run/react/dist/components.js"),
  lowPriorityPreloads("node_modules/@remix-run/react/dist/esm/components.js"),
  {
    id: "pglite-protocol-reader",
    decision: "049",
    package: "@electric-sql/pglite",
    version: "0.5.16",
    file: PGLITE_READER_FILE,
    marker: READER_MARKER,
    what: "PGlite protocol reader without copies",
    test: "tests/services/pglite-reader.test.ts",
    unpatched: "every query's rows are read with a copy a field (~10–15 % more CPU a page)",
    edits: PGLITE_READER_EDITS,
  },
  {
    id: "react-server-writes",
    decision: "052",
    package: "react-dom",
    version: "18.3.1",
    file: REACT_SERVER_FILE,
    marker: REACT_WRITES_MARKER,
    what: "React server output encoded once a flush",
    test: "tests/services/react-server-writes.test.ts",
    unpatched:
      "pages get NUL bytes where a multi-byte character (₹, —) falls across a 2 KiB buffer's end, and cost ~9 % more CPU",
    edits: REACT_WRITES_EDITS,
  },
];

/** Whether a file's text carries a patch's marker, or a marker an earlier version of this script wrote. */
function hasMarker(text, marker) {
  return text.includes(marker) || (FORMER_MARKERS.get(marker) ?? []).some((m) => text.includes(m));
}

/** An installed file's text with former markers written as today's (to compare with the edits). */
export function withCurrentMarkers(text) {
  for (const [marker, former] of FORMER_MARKERS) for (const m of former) text = text.replaceAll(m, marker);
  return text;
}

/** Applies the edits to one file's text: the patched text, or why it cannot be patched. */
export function patchText(text, edits, marker = PATCH_MARKER) {
  if (hasMarker(text, marker)) return { ok: true, text, already: true };
  let out = text;
  for (const [find, replace] of edits) {
    const at = out.indexOf(find);
    if (at === -1 || out.indexOf(find, at + 1) !== -1)
      return { ok: false, reason: `expected exactly one of: ${find.split("\n")[0].trim()}` };
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  return { ok: true, text: out, already: false };
}

/**
 * Whether this run must fail on a patch that does not apply: --strict, or CI=true.
 * @param {string[]} [argv]
 * @param {Record<string, string | undefined>} [env]
 */
export function isStrict(argv = process.argv.slice(2), env = process.env) {
  return argv.includes("--strict") || (env.CI !== undefined && !["", "0", "false"].includes(env.CI.toLowerCase()));
}

/** The version of `pkg` installed under `dir`, or null when it is not installed. */
function installedVersion(dir, pkg) {
  const manifest = path.join(dir, "node_modules", pkg, "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : null;
}

/** One patch that could not be applied, said so that whoever reads it knows what to do. */
function problem(patch, installed, detail, todo) {
  const name = `${patch.id} (decision ${patch.decision}, ${patch.what})`;
  return {
    id: patch.id,
    file: patch.file,
    message:
      `patch-dependencies: ${name} was not applied to ${patch.file}: ${detail}\n` +
      `  The patch was written for ${patch.package} ${patch.version}; installed: ${installed ?? "none"}.\n` +
      `  Without it ${patch.unpatched}.\n` +
      `  What to do: ${todo}`,
  };
}

/**
 * Applies every patch under `dir` (the project's root): checks each patch's package is installed
 * at the version it names, then edits its file unless it already carries the patch's marker.
 * `write: false` only checks. Returns what was patched, what already was, and the problems.
 */
export function applyPatches({ dir = root, patches = PATCHES, write = true } = {}) {
  const result = { patched: [], already: [], problems: [] };
  const retire = `${DECISION_FILE} says what retires each patch`;
  for (const patch of patches) {
    const version = installedVersion(dir, patch.package);
    const full = path.join(dir, patch.file);
    if (version === null || !existsSync(full)) {
      result.problems.push(
        problem(
          patch,
          version,
          `${patch.package} is not installed there.`,
          `run npm install; if ${patch.package} has left the dependency tree, drop the patch (${retire}).`,
        ),
      );
      continue;
    }
    if (version !== patch.version) {
      result.problems.push(
        problem(
          patch,
          version,
          `${patch.package} ${version} is installed, not ${patch.version}.`,
          `pin ${patch.package} to exactly ${patch.version} again in package.json (dependencies or overrides) and run npm install; ` +
            `or, to upgrade, bring the patch up to date for ${version} (its edits and version in scripts/patch-dependencies.mjs; run ${patch.test}), ` +
            `or drop it if ${version} makes it unnecessary (${retire}).`,
        ),
      );
      continue;
    }
    const text = readFileSync(full, "utf8");
    const patched = patchText(text, patch.edits, patch.marker);
    if (!patched.ok) {
      result.problems.push(
        problem(
          patch,
          version,
          `the file is not as published (${patched.reason}).`,
          `reinstall ${patch.package} (rm -rf node_modules/${patch.package} && npm install): the file was changed after install; ` +
            `if it is as published, fix the edit in scripts/patch-dependencies.mjs and run ${patch.test}.`,
        ),
      );
    } else if (patched.already) result.already.push(patch.file);
    else {
      if (write) writeFileSync(full, patched.text);
      result.patched.push(patch.file);
    }
  }
  return result;
}

function main(argv) {
  const strict = isStrict(argv);
  const at = argv.findIndex((a) => a === "--root" || a.startsWith("--root="));
  const dir =
    at === -1 ? root : path.resolve(argv[at].startsWith("--root=") ? argv[at].slice("--root=".length) : argv[at + 1]);
  const { patched, problems } = applyPatches({ dir });
  for (const file of new Set(patched)) console.log(`patch-dependencies: ${file} patched.`);
  if (problems.length === 0) return 0;
  if (!strict) {
    for (const p of problems) console.warn(`${p.message}\n  The file is left as published; the app is still correct.`);
    return 0;
  }
  for (const p of problems) console.error(p.message);
  console.error(
    `patch-dependencies: ${problems.length} dependency patch(es) not applied; failing (strict: CI=true or --strict).`,
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
