/**
 * Sizes a person can hold in their head (docs/architecture.md §3: routes stay thin): no route module in
 * app/routes is longer than 300 lines, and no React component in app/ui or app/routes — a
 * function whose name starts with a capital letter and returns JSX — is longer than 150 lines,
 * counted from its declaration to its end. Read from each file's syntax tree (TypeScript's
 * parser), so a string or a comment that looks like a function counts for nothing.
 * A page that outgrows them is split into presentational pieces in app/ui/<area>/ and its logic
 * into the area's services (as All Users, On Hold COD, the Order Tracker and the Courier Rules
 * screens were).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const ROUTES = path.join(ROOT, "app", "routes");
const UI = path.join(ROOT, "app", "ui");

export const MAX_ROUTE_LINES = 300;
export const MAX_COMPONENT_LINES = 150;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);

/** Lines of a text as an editor numbers them (a final line break starts no line). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;

const isJsx = (node: ts.Node): boolean =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

/** Whether an expression yields JSX: directly, in parentheses, or in a branch of `?:` / `&&` / `||` / `??`. */
function yieldsJsx(node: ts.Expression): boolean {
  if (isJsx(node)) return true;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return yieldsJsx(node.expression);
  if (ts.isConditionalExpression(node)) return yieldsJsx(node.whenTrue) || yieldsJsx(node.whenFalse);
  if (ts.isBinaryExpression(node)) return yieldsJsx(node.left) || yieldsJsx(node.right);
  return false;
}

/** Whether the function itself (not a function nested in it) returns JSX. */
export function returnsJsx(fn: FunctionLike): boolean {
  if (!fn.body) return false;
  if (!ts.isBlock(fn.body)) return yieldsJsx(fn.body);
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && yieldsJsx(node.expression)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

export type Component = { name: string; lines: number };

/** Every React component of a source text: a capitalised function (declared, or a const holding one) that returns JSX, with its length. */
export function componentsOf(fileName: string, text: string): Component[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1;
  const found: Component[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text) && returnsJsx(node)) {
      found.push({ name: node.name.text, lines: lines(node) });
    } else if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        // `const Panel = (…) => …`, also wrapped: `memo((…) => …)`, `forwardRef(function (…) {…})`.
        let init = d.initializer;
        while (init && ts.isCallExpression(init) && init.arguments.length > 0)
          init = init.arguments[init.arguments.length - 1];
        if (
          ts.isIdentifier(d.name) &&
          /^[A-Z]/.test(d.name.text) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) &&
          returnsJsx(init)
        ) {
          found.push({ name: d.name.text, lines: lines(node.declarationList.declarations.length === 1 ? node : d) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("componentsOf", () => {
  it("finds capitalised functions returning JSX, with their lines from declaration to end, and nothing else", () => {
    const text = [
      "export function Panel() {", //  1
      "  const rows = [1].map((n) => <td key={n} />);", // 2: a nested function's JSX is the nested function's
      "  return rows.length ? <div>{rows}</div> : null;", // 3
      "}", // 4
      "const Small = () => (", // 5
      "  <span />", // 6
      ");", // 7
      "function helper() { return <b />; }", // 8: lower case, not a component
      "function Data() { return { a: 1 }; }", // 9: no JSX
      "function Outer() { const f = () => <i />; return f; }", // 10: the JSX is f's
      "export default function Page() {", // 11
      "  return <>", // 12
      "  </>;", // 13
      "}", // 14
    ].join("\n");
    expect(componentsOf("x.tsx", text)).toEqual([
      { name: "Panel", lines: 4 },
      { name: "Small", lines: 3 },
      { name: "Page", lines: 4 },
    ]);
  });

  it("counts lines as an editor numbers them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a")).toBe(1);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb\n")).toBe(2);
  });
});

describe("sizes of routes and components", () => {
  it(`no route module is longer than ${MAX_ROUTE_LINES} lines`, () => {
    const long = sourceFiles(ROUTES)
      .map((file) => ({ file: rel(file), lines: lineCount(readFileSync(file, "utf8")) }))
      .filter((f) => f.lines > MAX_ROUTE_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  const measured = [...sourceFiles(ROUTES), ...sourceFiles(UI)]
    .filter((file) => file.endsWith(".tsx"))
    .flatMap((file) =>
      componentsOf(file, readFileSync(file, "utf8")).map((c) => ({ key: `${rel(file)}#${c.name}`, lines: c.lines })),
    );

  it(`no component is longer than ${MAX_COMPONENT_LINES} lines`, () => {
    const over = measured.filter((c) => c.lines > MAX_COMPONENT_LINES).map((c) => `${c.key}: ${c.lines} lines`);
    expect(over).toEqual([]);
  });

  it("measures the pages whose components were split (a reader that found nothing would pass everything)", () => {
    const keys = measured.map((c) => c.key);
    for (const key of [
      "app/routes/_app.all-users._index.tsx#AllUsers",
      "app/routes/_app.on-hold-cod.tsx#OnHoldCod",
      "app/routes/_app.order-tracker.tsx#OrderTracker",
    ])
      expect(keys).toContain(key);
  });
});
