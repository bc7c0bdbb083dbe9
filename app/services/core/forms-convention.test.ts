/**
 * The forms convention (docs/forms.md), read from the sources with the TypeScript parser:
 * - in app/routes, an action reads its fields with `readForm` and the form's validator: it
 *   never calls `.safeParse(`, never calls a validator's `.validate(` itself, and never reads a
 *   field with `form.get(` / `formData.get(` (or `getAll`) — except the `intent` field, which
 *   picks the handler when a page has several forms;
 * - in app/services, a refusal is made by core/result.ts's builders (`invalid`, `fail`,
 *   `conflict`…): no object literal `ok: false` anywhere else.
 * Loaders are not checked (they read the URL's search params, not a form).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const ROUTES = path.join(ROOT, "app", "routes");
const SERVICES = path.join(ROOT, "app", "services");

/** Not a service's answer: the PGlite worker thread's message protocol (`{ id, ok, value | error }`). */
const NOT_A_REFUSAL: readonly string[] = ["app/services/db/pglite-worker.server.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
const lineOf = (node: ts.Node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** Whether a node is the route's `loader` (a function declaration or a const), whose reads are the URL's. */
function isLoader(node: ts.Node): boolean {
  if (ts.isFunctionDeclaration(node)) return node.name?.text === "loader";
  if (ts.isVariableStatement(node))
    return node.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === "loader");
  return false;
}

/** The text of the expression a method is called on, without `await` and parentheses. */
function receiverName(expression: ts.Expression): string {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) return `${e.expression.name.text}()`;
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) return `${e.expression.text}()`;
  return "";
}

/** What a route's action does against the convention, as `file:line what`. */
export function routeViolations(file: string, source: ts.SourceFile = parse(file)): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isLoader(node)) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const on = receiverName(node.expression.expression);
      const [first] = node.arguments;
      if (method === "safeParse") found.push(`${rel(file)}:${lineOf(node)} calls .safeParse(`);
      else if (method === "validate" && /validator$|^withZod\(\)$/i.test(on))
        found.push(`${rel(file)}:${lineOf(node)} calls ${on}.validate(`);
      else if ((method === "get" || method === "getAll") && (/^form(Data)?$/.test(on) || on === "formData()")) {
        const field = first && ts.isStringLiteralLike(first) ? first.text : null;
        if (field !== "intent")
          found.push(
            `${rel(file)}:${lineOf(node)} reads ${on}.${method}(${field === null ? "…" : JSON.stringify(field)})`,
          );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Object literals `{ ok: false, … }` in a service file, as `file:line`. */
export function handWrittenFailures(file: string, source: ts.SourceFile = parse(file)): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.some(
        (p) =>
          ts.isPropertyAssignment(p) && p.name.getText() === "ok" && p.initializer.kind === ts.SyntaxKind.FalseKeyword,
      )
    ) {
      found.push(`${rel(file)}:${lineOf(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const fromText = (text: string) => ts.createSourceFile("x.tsx", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

describe("the checks themselves", () => {
  it("find each way around readForm in an action, and leave the intent field and the loader alone", () => {
    const route = fromText(`
      export async function loader({ request }) { const q = schema.safeParse(x); return url.searchParams.get("q"); }
      export async function action({ request }) {
        const form = await request.formData();
        if (form.get("intent") === "a") return null;
        const v = await myValidator.validate(form);
        const w = await withZod(schema).validate(form);
        const p = schema.safeParse(Object.fromEntries(form));
        const ids = form.getAll("courier");
        return (await request.formData()).get("email");
      }`);
    expect(routeViolations("app/routes/x.tsx", route).map((v) => v.replace(/^.*?:\d+ /, ""))).toEqual([
      "calls myValidator.validate(",
      "calls withZod().validate(",
      "calls .safeParse(",
      'reads form.getAll("courier")',
      'reads formData().get("email")',
    ]);
  });

  it("find a hand-written failure, not a builder's or a type's", () => {
    const service = fromText(`
      type R = { ok: false; message: string };
      const a = invalid("x");
      const b = { ok: false, message: "y" };
      const c = { ok: true, value: 1 };`);
    expect(handWrittenFailures("app/services/x.ts", service)).toHaveLength(1);
  });
});

describe("forms follow docs/forms.md", () => {
  const routes = sourceFiles(ROUTES);
  const services = sourceFiles(SERVICES).filter(
    (f) => rel(f) !== "app/services/core/result.ts" && !NOT_A_REFUSAL.includes(rel(f)),
  );

  it("actions read their forms with readForm (only `intent` by hand)", () => {
    const offending = routes.flatMap((f) => routeViolations(f));
    expect(offending).toEqual([]);
  });

  it("services refuse with core/result.ts's builders, never a hand-written `{ ok: false }`", () => {
    const offending = services.flatMap((f) => handWrittenFailures(f));
    expect(offending).toEqual([]);
  });
});
