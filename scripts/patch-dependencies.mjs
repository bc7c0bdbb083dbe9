#!/usr/bin/env node
/**
 * Edits to installed dependencies, run by `npm install` (postinstall): route matching once per
 * build (below), matches kept per path (decision 045), and Remix's module preloads at low
 * priority (decision 042, `lowPriorityPreloads`).
 *
 * Route matching once per build, not three times per request (decision 036). Remix 2's server matches a request's URL against the whole route tree three
 * times (the request handler, the static handler's query, the static router's render), and each
 * time @remix-run/router flattens and ranks every route and compiles a RegExp per route path;
 * RemixServer also rebuilds the route objects per request. For this console's ~70 routes that
 * was ~1–1.5 ms of CPU per page (10–15 % of a signed-in page). React Router 7 fixed it upstream
 * the same way (remix-run/react-router#14967: cached flattened/ranked branches); Remix 2 will not
 * get it, so this backports it to the server's CommonJS files:
 *   - @remix-run/router: the ranked branches are cached per routes array (a WeakMap, cleared when
 *     routes are patched in), and compiled path patterns in a bounded Map;
 *   - @remix-run/react: RemixServer's server routes are built once per (manifest, route modules);
 *   - react-router-dom/server: the static router's data routes once per routes array.
 * Only caching is added: what matches is unchanged (tests/services/route-matching.test.ts
 * checks every edit is in place and matches against fresh, uncached trees). Idempotent; when a
 * file is not as expected (an upgrade), it says so and leaves the file as it is — the app stays
 * correct, only slower — and the test above fails until this script is brought up to date.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PATCH_MARKER = "/* console: route-matching cache (decision 036) */";
export const PRELOAD_MARKER = "/* console: module preloads at low priority (decision 042) */";
export const MATCH_MARKER = "/* console: matches kept per path (decision 045) */";

/**
 * Remix's <Scripts> preloads every module of the page with `<link rel="modulepreload">`, which
 * browsers fetch at high priority, beside the render-blocking stylesheets: on a slow link the
 * page's ~40 modules (150–200 KiB) share the bandwidth with the CSS the first paint waits for.
 * At low priority the stylesheets go first and the scripts follow (the page works without
 * them). Both the server's copy (the HTML) and the browser's (hydration renders the same tags).
 */
const lowPriorityPreloads = (file) => ({
  file,
  marker: PRELOAD_MARKER,
  what: "module preloads at low priority",
  edits: [
    ["function Scripts(props) {", `${PRELOAD_MARKER}\nfunction Scripts(props) {`],
    ['rel: "modulepreload",\n    href: manifest.url,', 'rel: "modulepreload",\n    fetchpriority: "low",\n    href: manifest.url,'],
    ['rel: "modulepreload",\n    href: manifest.entry.module,', 'rel: "modulepreload",\n    fetchpriority: "low",\n    href: manifest.entry.module,'],
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

export const PATCHES = [
  {
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
        "function compilePath(path, caseSensitive, end) {\n  if (caseSensitive === void 0) {\n    caseSensitive = false;\n  }\n  if (end === void 0) {\n    end = true;\n  }\n  let key = (caseSensitive ? \"1\" : \"0\") + (end ? \"1\" : \"0\") + path;\n  let compiled = compiledPaths.get(key);\n  if (!compiled) {\n    if (compiledPaths.size >= 1000) compiledPaths.clear();\n    compiled = compilePathUncached(path, caseSensitive, end);\n    compiledPaths.set(key, compiled);\n  }\n  return compiled;\n}\nfunction compilePathUncached(path, caseSensitive, end) {\n",
      ],
    ],
  },
  {
    // Matches kept per path (decision 045): even with the ranked branches cached, each of the
    // three matchings a request makes walks the branches and tests their patterns until one
    // fits (~0.5 ms a page for this console's routes). The answer depends only on the routes,
    // the path and allowPartial: it is kept per routes array (bounded, cleared when routes are
    // patched in), and each caller gets its own copies of the match objects.
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    marker: MATCH_MARKER,
    what: "matches kept per path",
    edits: [
      [
        "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n  let location",
        `${MATCH_MARKER}
let matchesCache = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let byPath = matchesCache.get(routes);
  if (!byPath) {
    byPath = new Map();
    matchesCache.set(routes, byPath);
  }
  let key = (allowPartial ? "1" : "0") + pathname;
  let found = byPath.get(key);
  if (found === undefined) {
    found = matchRoutesImplUncached(routes, location, basename, allowPartial);
    if (byPath.size >= 500) byPath.clear();
    byPath.set(key, found);
  }
  return found && found.map(m => ({ params: Object.assign({}, m.params), pathname: m.pathname, pathnameBase: m.pathnameBase, route: m.route }));
}
function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {
  let location`,
      ],
      ["  rankedBranchesCache = new WeakMap();\n", "  rankedBranchesCache = new WeakMap();\n  matchesCache = new WeakMap();\n"],
    ],
  },
  {
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
      ["function createStaticRouter(routes, context, opts = {}) {", "const staticDataRoutesCache = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {"],
    ],
  },
  lowPriorityPreloads("node_modules/@remix-run/react/dist/components.js"),
  lowPriorityPreloads("node_modules/@remix-run/react/dist/esm/components.js"),
  { file: PGLITE_READER_FILE, marker: READER_MARKER, what: "PGlite protocol reader", edits: PGLITE_READER_EDITS },
  { file: REACT_SERVER_FILE, marker: REACT_WRITES_MARKER, what: "React server output encoded once a flush", edits: REACT_WRITES_EDITS },
];

/** Applies the edits to one file's text: the patched text, or why it cannot be patched. */
export function patchText(text, edits, marker = PATCH_MARKER) {
  if (text.includes(marker)) return { ok: true, text, already: true };
  let out = text;
  for (const [find, replace] of edits) {
    const at = out.indexOf(find);
    if (at === -1 || out.indexOf(find, at + 1) !== -1) return { ok: false, reason: `expected exactly one of: ${find.split("\n")[0].trim()}` };
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  return { ok: true, text: out, already: false };
}

function main() {
  for (const { file, edits, marker, what = "route-matching cache" } of PATCHES) {
    const full = path.join(root, file);
    if (!existsSync(full)) {
      console.warn(`patch-dependencies: ${file} is not installed; skipped.`);
      continue;
    }
    const result = patchText(readFileSync(full, "utf8"), edits, marker);
    if (!result.ok) console.warn(`patch-dependencies: ${file} is not as expected (${result.reason}); left unpatched (${what}).`);
    else if (!result.already) {
      writeFileSync(full, result.text);
      console.log(`patch-dependencies: ${file} patched (${what}).`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
