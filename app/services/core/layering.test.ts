/**
 * The direction of imports in app/services (docs/architecture.md §2): core/ imports nothing of ours, db/
 * imports only core/, audit/ no domain area, and no module reaches itself again through its
 * imports. Every import counts: static, `export … from`, dynamic `import()` and type-only
 * `import("…").T`, by a relative path or by `~/`. Beside them, the rules of decision 055: one
 * way to open a transaction, the calendar in core/, routes that call services rather than
 * query, and orders placed without the calculator's form.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const APP = path.join(ROOT, "app");
const SERVICES = path.join(APP, "services");
const ROUTES = path.join(APP, "routes");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The module a specifier names, as a file under app/, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

/** Module specifiers of a file, read from its syntax tree (a token scan misses some dynamic imports). */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const syntaxOf = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);

/** Every node of a file's syntax tree that `test` picks, with its line. */
function nodesWhere(file: string, test: (node: ts.Node) => boolean): { line: number; node: ts.Node }[] {
  const source = syntaxOf(file);
  const found: { line: number; node: ts.Node }[] = [];
  const visit = (node: ts.Node) => {
    if (test(node)) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, node });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Import declarations that bring a value (not only types) from a module `specifier` resolves to. */
function valueImportsFrom(file: string, target: (resolved: string) => boolean): string[] {
  return nodesWhere(file, (node) => {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) return false;
    const resolved = resolve(file, node.moduleSpecifier.text);
    if (resolved === null || !target(resolved)) return false;
    const clause = node.importClause;
    if (!clause) return true; // a side-effect import runs the module
    if (clause.isTypeOnly) return false;
    const named = clause.namedBindings;
    const onlyTypes =
      !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
    return !onlyTypes;
  }).map(({ line }) => `${rel(file)}:${line}`);
}

function importsOf(file: string): string[] {
  return specifiersOf(file)
    .map((specifier) => resolve(file, specifier))
    .filter((f): f is string => f !== null);
}

const rel = (file: string) => path.relative(ROOT, file);
const inside = (file: string, dir: string) => file.startsWith(path.join(SERVICES, dir) + path.sep);

function upwardImports(layer: string, allowed: string[]): string[] {
  return sourceFiles(path.join(SERVICES, layer)).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed.some((dir) => inside(target, dir)))
      .map((target) => `${rel(file)} → ${rel(target)}`),
  );
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every cycle found by a depth-first walk over the import graph of app/services, as a path. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("import direction in app/services", () => {
  it("core/ imports nothing of ours outside core/", () => {
    expect(upwardImports("core", ["core"])).toEqual([]);
  });

  it("db/ imports only core/ and db/", () => {
    expect(upwardImports("db", ["core", "db"])).toEqual([]);
  });

  it("audit/ imports only core/, db/ and audit/: the areas describe their own entries and add their own kinds", () => {
    expect(upwardImports("audit", ["core", "db", "audit"])).toEqual([]);
  });

  it("money/, legal/ and seed/ import nothing from analytics/: their days are core/ist-dates.ts's", () => {
    const found = ["money", "legal", "seed"].flatMap((area) =>
      sourceFiles(path.join(SERVICES, area)).flatMap((file) =>
        importsOf(file)
          .filter((target) => inside(target, "analytics"))
          .map((target) => `${rel(file)} → ${rel(target)}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("has no import cycle", () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SERVICES)) {
      graph.set(
        rel(file),
        importsOf(file)
          .filter((target) => target.startsWith(SERVICES + path.sep))
          .map(rel),
      );
    }
    expect(findCycles(graph).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("has no cycle between areas either: two folders of app/services never import each other, even through others", () => {
    const areaOf = (file: string) => path.relative(SERVICES, file).split(path.sep)[0];
    const graph = new Map<string, Set<string>>();
    for (const file of sourceFiles(SERVICES)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const from = areaOf(file);
      const targets = graph.get(from) ?? new Set<string>();
      for (const target of importsOf(file)) {
        if (target.startsWith(SERVICES + path.sep) && areaOf(target) !== from) targets.add(areaOf(target));
      }
      graph.set(from, targets);
    }
    const asLists = new Map([...graph].map(([area, targets]) => [area, [...targets]]));
    expect(findCycles(asLists).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("finds a cycle when there is one (the walk itself works)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("decision 055", () => {
  it("opens every transaction through db/transaction.server.ts: no `.transaction(` outside db/", () => {
    const raw = sourceFiles(APP)
      .filter((file) => !file.startsWith(path.join(SERVICES, "db") + path.sep))
      .flatMap((file) =>
        nodesWhere(
          file,
          (node) =>
            ts.isCallExpression(node) &&
            ts.isPropertyAccessExpression(node.expression) &&
            node.expression.name.text === "transaction",
        ).map(({ line }) => `${rel(file)}:${line}`),
      );
    expect(raw).toEqual([]);
  });

  it("routes call services: no route imports drizzle-orm or the schema", () => {
    const schema = path.join(SERVICES, "db", "schema");
    const found = sourceFiles(ROUTES).flatMap((file) => [
      ...specifiersOf(file)
        .filter((specifier) => specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/"))
        .map((specifier) => `${rel(file)} → ${specifier}`),
      ...importsOf(file)
        .filter(
          (target) => target === schema || target.startsWith(schema + path.sep) || target.startsWith(`${schema}.`),
        )
        .map((target) => `${rel(file)} → ${rel(target)}`),
    ]);
    expect(found).toEqual([]);
  });

  it("orders are quoted from the parsed order: orders/ takes only types from the calculator's form", () => {
    const form = path.join(SERVICES, "quote", "calculator-form");
    const found = sourceFiles(path.join(SERVICES, "orders"))
      .filter((file) => !isTest(file))
      .flatMap((file) => valueImportsFrom(file, (target) => target === form || target.startsWith(`${form}.`)));
    expect(found).toEqual([]);
  });
});
