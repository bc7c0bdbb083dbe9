/**
 * Every reference a newcomer follows leads somewhere in the repository (docs/architecture.md §9):
 * each decision record is indexed in docs/decisions/README.md with its date and status; each
 * "decision NNN" in app/, scripts/ and tests/ names a record; each "§N" names a heading of the
 * document cited before it; no tracker issue number is cited, as the tracker is not here. Pure:
 * reads files, opens no database.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const DECISIONS = path.join(ROOT, "docs/decisions");
const SELF = "tests/services/docs-references.test.ts";
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|css|sql)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : filesUnder(rel);
    return SOURCE.test(e.name) && rel !== SELF ? [rel] : [];
  });
}

const CODE_FILES = [...filesUnder("app"), ...filesUnder("scripts"), ...filesUnder("tests")];
const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");
const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

const decisionFiles = readdirSync(DECISIONS)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const decisionNumbers = new Set(decisionFiles.map((f) => f.slice(0, 3)));

describe("the decision records", () => {
  const index = readFileSync(path.join(DECISIONS, "README.md"), "utf8");
  const rows = new Map(
    [...index.matchAll(/^\| (\d{3}) \| \[[^\]]+\]\(([^)]+)\) \| (\d{4}-\d{2}-\d{2}) \| ([^|]+) \|$/gm)].map((m) => [
      m[2],
      { number: m[1], date: m[3], status: m[4].trim() },
    ]),
  );

  it("are all in the index, each under its own number and with the date and status written atop the record", () => {
    const problems: string[] = [];
    for (const file of decisionFiles) {
      const row = rows.get(file);
      const text = readFileSync(path.join(DECISIONS, file), "utf8");
      const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
      const status = /^- Status: (.+)$/m.exec(text)?.[1];
      if (!row) problems.push(`${file}: no row in docs/decisions/README.md`);
      else if (row.number !== file.slice(0, 3)) problems.push(`${file}: indexed as ${row.number}`);
      if (!date) problems.push(`${file}: no "- Date: YYYY-MM-DD" line`);
      if (!status || !/^(accepted|accepted, amended by \d{3}\b.*|superseded by \d{3})$/.test(status)) {
        problems.push(`${file}: no "- Status: accepted | accepted, amended by NNN | superseded by NNN" line`);
      }
      if (row && date && row.date !== date) problems.push(`${file}: dated ${date}, indexed ${row.date}`);
      if (row && status && row.status !== status) problems.push(`${file}: status "${status}", indexed "${row.status}"`);
    }
    expect(problems).toEqual([]);
  });

  it("index only files that exist, and supersede or amend by decisions that exist", () => {
    const problems = [...rows.entries()].flatMap(([file, row]) => [
      ...(decisionFiles.includes(file) ? [] : [`${file}: indexed but missing`]),
      ...[...row.status.matchAll(/by (\d{3})/g)]
        .filter((m) => !decisionNumbers.has(m[1]))
        .map((m) => `${file}: ${row.status} names decision ${m[1]}, which does not exist`),
    ]);
    expect(problems).toEqual([]);
  });
});

describe("references in app/, scripts/ and tests/", () => {
  it("name decision records that exist", () => {
    const problems: string[] = [];
    for (const file of CODE_FILES) {
      const text = read(file);
      // "decision 031", "decisions 005, 008", "decisions 037, 042 and 045", "decisions 049–052"
      for (const m of text.matchAll(/\bdecisions? (\d{3}(?:(?:, | and |–|-)\d{3})*)/gi)) {
        const numbers = m[1].split(/, | and /).flatMap((part) => {
          const range = /^(\d{3})[–-](\d{3})$/.exec(part);
          if (!range) return [part];
          const out: string[] = [];
          for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n).padStart(3, "0"));
          return out;
        });
        for (const n of numbers)
          if (!decisionNumbers.has(n)) problems.push(`${file}:${lineOf(text, m.index)}: decision ${n}`);
      }
      for (const m of text.matchAll(/docs\/decisions\/([\w.-]+\.md)/g)) {
        if (!existsSync(path.join(DECISIONS, m[1])))
          problems.push(`${file}:${lineOf(text, m.index)}: docs/decisions/${m[1]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("cite each § as a heading of the document named before it", () => {
    const headings = new Map<string, Set<string>>();
    const headingsOf = (doc: string) => {
      if (!headings.has(doc)) {
        const full = path.join(ROOT, doc);
        const text = existsSync(full) ? readFileSync(full, "utf8") : "";
        headings.set(doc, new Set([...text.matchAll(/^#{1,6} §(\d+(?:\.\d+)*)\b/gm)].map((m) => m[1])));
      }
      return headings.get(doc)!;
    };
    const problems: string[] = [];
    for (const file of [...CODE_FILES, "README.md"]) {
      const text = read(file);
      for (const m of text.matchAll(/§ ?(\d+(?:\.\d+)*)/g)) {
        // The document is the last one named in the 400 characters before (a list such as
        // "docs/product.md §2, §5 and §7" names it once).
        const before = text.slice(Math.max(0, m.index - 400), m.index);
        const doc = [...before.matchAll(/docs\/[\w/.-]+?\.md/g)].at(-1)?.[0];
        if (!doc) problems.push(`${file}:${lineOf(text, m.index)}: §${m[1]} names no document`);
        else if (!headingsOf(doc).has(m[1]))
          problems.push(`${file}:${lineOf(text, m.index)}: ${doc} has no heading §${m[1]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("cite no tracker issue by number: the tracker is not in the repository", () => {
    const problems: string[] = [];
    for (const file of [...CODE_FILES, "README.md"]) {
      const text = read(file);
      // The word "issue" (or "issues") followed by a number, with or without "#", and a bare "#"
      // followed by one to three digits — not a colour (#333333), an HTML entity (&#8377;),
      // another repository's pull request (react-router#14967) or a number format's digits (#,##0.00).
      for (const m of text.matchAll(/\bissues? #?\d+|(?<![\w/&#-])#\d{1,3}(?![\w])/gi)) {
        problems.push(`${file}:${lineOf(text, m.index)}: ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
