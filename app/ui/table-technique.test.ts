/**
 * One rule for tables (docs/tables.md, decision 056), checked on the sources: which technique
 * draws which table. A new table that does not follow it fails here with the file named.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const APP = path.resolve("app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const files = sourceFiles(APP);
const text = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
/** The source without its comments (which may quote markup). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
const rel = (f: string) => path.relative(APP, f).split(path.sep).join("/");
const where = (test: (source: string) => boolean) =>
  files
    .filter((f) => test(text.get(f)!))
    .map(rel)
    .sort();

/** The modules a file imports (static, dynamic and side-effect imports), as app-relative paths or package names. */
function imports(file: string): { target: string; dynamic: boolean; typeOnly: boolean; names: string }[] {
  const source = text.get(file)!;
  const found: { target: string; dynamic: boolean; typeOnly: boolean; names: string }[] = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?([^"';]*?)\s*(?:from\s+)?["']([^"']+)["']/gms)) {
    found.push({ target: resolve(file, m[3]), dynamic: false, typeOnly: Boolean(m[1]), names: m[2] });
  }
  for (const m of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g))
    found.push({ target: resolve(file, m[1]), dynamic: true, typeOnly: false, names: "" });
  return found;
}

function resolve(from: string, spec: string): string {
  if (!spec.startsWith(".") && !spec.startsWith("~/")) return spec;
  const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate);
  }
  return rel(base);
}

const graph = new Map(files.map((f) => [rel(f), imports(f)]));

/** Every app module a file reaches through its imports, lazy ones included. */
function reach(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const i of graph.get(next) ?? []) if (graph.has(i.target)) todo.push(i.target);
  }
  return seen;
}

/** The opening tag of each `<table` in a JSX source, and what follows it up to its first row group. */
function tables(source: string): { tag: string; head: string }[] {
  const found: { tag: string; head: string }[] = [];
  for (const m of source.matchAll(/<table\b/g)) {
    let depth = 0;
    let end = m.index! + 6;
    for (; end < source.length; end++) {
      const c = source[end];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0 && source[end - 1] !== "=") break;
    }
    const rest = source.slice(end);
    found.push({ tag: source.slice(m.index!, end + 1), head: rest.slice(0, rest.search(/<(thead|tbody)\b|$/)) });
  }
  return found;
}

// What the rule allows: a new use is a change to docs/tables.md first, then here.
const MRT_MODULES = ["ui/analytics/PerformanceTable.tsx", "ui/money/CodTable.tsx"];
const MRT_OPTIONS = "ui/server-driven-table.ts";
const MRT_SCREENS = ["routes/_app.on-hold-cod.tsx", "routes/_app.order-tracker.tsx"];
const HTML_ROW_BUILDERS = [
  "ui/analytics/PerformanceGrid.tsx",
  "ui/orders/search-rows.ts",
  "ui/quote/quote-rows.ts",
  "ui/rate-table-rows.ts",
];
const HTML_ROW_BODIES = [
  "ui/QuoteResult.tsx",
  "ui/RateTable.tsx",
  "ui/ScrollTable.tsx",
  "ui/analytics/PerformanceGrid.tsx",
];
const HOUSE_CLASSES = /\b(plain-table|rate-table|small-table)\b/;
// Wide tables (docs/tables.md "Wide tables", decision 069): their classes, and the tables that use them.
const WIDE_CSS = "ui/plain-table-extras.css";
const WIDE_CLASSES = ["num", "col-sticky-start", "col-sticky-end"];
const WIDE_TABLES = [
  "routes/_app.all-users.$id.account-ledger.tsx",
  "ui/analytics/PerformanceGrid.tsx",
  "ui/money/cod-columns.tsx",
];
const css = readdirSync(path.join(APP, "ui"))
  .filter((n) => n.endsWith(".css"))
  .concat(
    readdirSync(path.join(APP, "ui"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(path.join(APP, "ui", d.name))
          .filter((n) => n.endsWith(".css"))
          .map((n) => `${d.name}/${n}`),
      ),
  )
  .map((n) => ({ file: `ui/${n}`, text: readFileSync(path.join(APP, "ui", n), "utf8") }));
/** A string literal holding the class among its space-separated words (a className, or class="…" in row HTML). */
const usesClass = (source: string, cls: string) =>
  new RegExp(`["'\`]([^"'\`\n]*\\s)?${cls}(\\s[^"'\`\n]*)?["'\`]`).test(code(source));

describe("one rule for tables (docs/tables.md)", () => {
  it("draws no table with Mantine's Table: plain markup and the house classes instead", () => {
    const mantineTable = files
      .filter((f) => graph.get(rel(f))!.some((i) => i.target === "@mantine/core" && /\bTable\w*\b/.test(i.names)))
      .map(rel);
    expect(mantineTable).toEqual([]);
    expect(where((s) => /<Table[\s.>]/.test(s))).toEqual([]);
  });

  it("uses mantine-react-table only in its two lazily loaded modules, on the screens that ask for it", () => {
    expect(where((s) => /["']mantine-react-table(\/[^"']*)?["']/.test(s))).toEqual(
      [...MRT_MODULES, MRT_OPTIONS].sort(),
    );
    // The options module is types only: it adds nothing to a page's script.
    expect(graph.get(MRT_OPTIONS)!.filter((i) => i.target === "mantine-react-table" && !i.typeOnly)).toEqual([]);
    // Never a first-load import: each module is reached through React.lazy's import() alone.
    for (const [file, list] of graph) {
      for (const i of list)
        if (MRT_MODULES.includes(i.target) && !i.typeOnly)
          expect({ file, dynamic: i.dynamic }).toEqual({ file, dynamic: true });
    }
    const routes = [...graph.keys()].filter((f) => f.startsWith("routes/"));
    const screens = routes.filter((r) => MRT_MODULES.some((m) => reach(r).has(m)));
    expect(screens.sort()).toEqual(MRT_SCREENS);
    // Mantine's Table stylesheet comes with them, not with every page (decision 022).
    expect(where((s) => s.includes("@mantine/core/styles/Table.css"))).toEqual(MRT_MODULES);
    expect(readFileSync(path.join(APP, "root.tsx"), "utf8")).not.toContain("styles/Table.css");
  });

  it("builds rows as HTML text only in the four row builders, each through the shared escapeHtml", () => {
    expect(where((s) => s.includes("dangerouslySetInnerHTML"))).toEqual(HTML_ROW_BODIES);
    for (const file of HTML_ROW_BODIES)
      expect({ file, tbody: /<tbody\b[^>]*dangerouslySetInnerHTML/.test(text.get(path.join(APP, file))!) }).toEqual({
        file,
        tbody: true,
      });
    // Markup of rows inside string literals: only the builders write it.
    expect(where((s) => /[`"'][^`"'\n]*<(tr|td)\b/.test(code(s)))).toEqual(HTML_ROW_BUILDERS);
    for (const file of HTML_ROW_BUILDERS) {
      const escape = graph.get(file)!.filter((i) => i.target === "ui/html.ts" && /\bescapeHtml\b/.test(i.names));
      expect({ file, importsEscapeHtml: escape.length }).toEqual({ file, importsEscapeHtml: 1 });
    }
    // One escaper: no second one with its own entity table.
    expect(where((s) => s.includes("&amp;") || s.includes("&lt;"))).toEqual(["ui/html.ts"]);
  });

  it("gives every table a house class and a name (aria-label, aria-labelledby or a caption)", () => {
    const found = files.flatMap((f) => tables(text.get(f)!).map((t) => ({ file: rel(f), ...t })));
    expect(found.length).toBeGreaterThanOrEqual(20);
    for (const t of found) {
      expect({ file: t.file, tag: t.tag, houseClass: HOUSE_CLASSES.test(t.tag) }).toEqual({
        file: t.file,
        tag: t.tag,
        houseClass: true,
      });
      const named = /\baria-label(ledby)?=/.test(t.tag) || /<caption\b/.test(t.head);
      expect({ file: t.file, tag: t.tag, named }).toEqual({ file: t.file, tag: t.tag, named: true });
    }
  });

  it("brings the small-table styles wherever a small table is drawn (CSS per component)", () => {
    for (const file of where((s) => /className="small-table\b/.test(s))) {
      const css = graph.get(file)!.some((i) => i.target === "ui/small-table.css");
      expect({ file, importsSmallTableCss: css }).toEqual({ file, importsSmallTableCss: true });
    }
  });
});

describe('wide tables (docs/tables.md "Wide tables", decision 069)', () => {
  it("defines the wide-table classes once, in plain-table-extras.css: numbers right-aligned and tabular", () => {
    for (const cls of WIDE_CLASSES) {
      const defining = css.filter((f) => new RegExp(`\\.${cls}\\b[^{}]*\\{`).test(f.text)).map((f) => f.file);
      expect({ cls, defining }).toEqual({ cls, defining: [WIDE_CSS] });
    }
    const extras = css.find((f) => f.file === WIDE_CSS)!.text;
    const numRule = /\.num\b[^{}]*\{([^}]*)\}/.exec(extras)![1];
    expect(numRule).toContain("text-align: right");
    expect(numRule).toContain("font-variant-numeric: tabular-nums");
    expect(/table \.col-sticky-start,\s*table \.col-sticky-end\s*\{([^}]*)\}/.exec(extras)![1]).toContain(
      "position: sticky",
    );
    // The whole heading cell sorts, on every table (app.css): the sort link's box covers its th.
    expect(readFileSync(path.join(APP, "ui/app.css"), "utf8")).toMatch(
      /th \.sort-link::after\s*\{[^}]*position: absolute;[^}]*inset: 0;/,
    );
  });

  it("brings plain-table-extras.css wherever a component uses the classes", () => {
    const users = where((s) => WIDE_CLASSES.some((c) => usesClass(s, c)));
    expect(users.length).toBeGreaterThanOrEqual(4);
    for (const file of users) {
      const imported = graph.get(file)!.some((i) => i.target === WIDE_CSS);
      expect({ file, importsPlainTableExtras: imported }).toEqual({ file, importsPlainTableExtras: true });
    }
  });

  it("gives each wide table a sticky identifying column, the same in the enhanced Daily Performance", () => {
    for (const file of WIDE_TABLES)
      expect({ file, sticky: usesClass(text.get(path.join(APP, file))!, "col-sticky-start") }).toEqual({
        file,
        sticky: true,
      });
    const enhanced = code(text.get(path.join(APP, "ui/analytics/PerformanceTable.tsx"))!);
    expect(enhanced).toContain("mantineTableHeadCellProps: { className: ID_CELL }");
    expect(enhanced).toContain("mantineTableBodyCellProps: { className: ID_CELL }");
  });
});
