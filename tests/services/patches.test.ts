/**
 * The dependency patches as a whole (scripts/patch-dependencies.mjs, decision 053): every patched
 * package is pinned to exactly the version its patch was written for (package.json, the lock and
 * the installed tree agree); each patch applies once to its file as published; and a patch that
 * does not apply — another version installed, or a file not as expected — is a warning that
 * leaves the file as published locally, and a failure (exit status 1, a message naming the patch,
 * the package, the version expected and the one installed, and what to do) under CI=true or
 * --strict, as `npm test` runs it. What each patch does is checked by its own test.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import {
  applyPatches,
  DECISION_FILE,
  isStrict,
  PATCHES,
  withCurrentMarkers,
} from "../../scripts/patch-dependencies.mjs";

type Patch = (typeof PATCHES)[number];
const patches = PATCHES;
const SCRIPT = path.resolve("scripts/patch-dependencies.mjs");
const readJson = (file: string) => JSON.parse(readFileSync(path.resolve(file), "utf8"));

/** A patch's file as published, rebuilt from the installed (patched) one by undoing its edits. */
function published(patch: Patch): string {
  let text = withCurrentMarkers(readFileSync(path.resolve(patch.file), "utf8"));
  for (const [find, replace] of [...patch.edits].reverse()) {
    expect(text, `${patch.file}: run npm install (its postinstall patches it)`).toContain(replace);
    text = text.replace(replace, find);
  }
  expect(text).not.toContain(patch.marker);
  return text;
}

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project root whose node_modules holds every patched package at its patch's version, files as published. */
function publishedTree(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "patches-test-"));
  trees.push(dir);
  for (const patch of patches) {
    mkdirSync(path.dirname(path.join(dir, patch.file)), { recursive: true });
    writeFileSync(path.join(dir, patch.file), published(patch));
    writeFileSync(
      path.join(dir, "node_modules", patch.package, "package.json"),
      JSON.stringify({ name: patch.package, version: patch.version }),
    );
  }
  return dir;
}

function setVersion(dir: string, pkg: string, version: string) {
  writeFileSync(path.join(dir, "node_modules", pkg, "package.json"), JSON.stringify({ name: pkg, version }));
}

/** The script run as npm runs it, on `dir`; CI as given (unset otherwise). */
function run(dir: string, { ci, args = [] }: { ci?: string; args?: string[] } = {}) {
  const env = { ...process.env };
  delete env.CI;
  if (ci !== undefined) env.CI = ci;
  const out = spawnSync(process.execPath, [SCRIPT, "--root", dir, ...args], { encoding: "utf8", env });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe("dependency patches", () => {
  it("every patched package is pinned exactly, at the version its patch was written for", () => {
    const pkg = readJson("package.json");
    const lock = readJson("package-lock.json");
    for (const patch of patches) {
      const pinned = pkg.dependencies[patch.package] ?? pkg.overrides?.[patch.package];
      expect(pinned, `${patch.package}: package.json must pin it exactly (a dependency or an override)`).toBe(
        patch.version,
      );
      expect(lock.packages[`node_modules/${patch.package}`].version, `${patch.package} in package-lock.json`).toBe(
        patch.version,
      );
      expect(
        readJson(`node_modules/${patch.package}/package.json`).version,
        `${patch.package} installed: run npm install`,
      ).toBe(patch.version);
      if (pkg.dependencies[patch.package]) expect(lock.packages[""].dependencies[patch.package]).toBe(patch.version);
    }
    // React and its server renderer move together.
    expect(pkg.dependencies.react).toBe(pkg.dependencies["react-dom"]);
    expect(lock.packages["node_modules/react"].version).toBe(lock.packages["node_modules/react-dom"].version);
  });

  it("the installed tree carries every patch (what npm test's strict check asks)", () => {
    const { problems, patched, already } = applyPatches({ write: false });
    expect(problems.map((p: { message: string }) => p.message)).toEqual([]);
    expect(patched).toEqual([]);
    expect(already).toHaveLength(patches.length);
  });

  it("each patch applies once to its file as published, and a second run changes nothing (strict)", () => {
    const dir = publishedTree();
    const first = run(dir, { ci: "true" });
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    for (const patch of patches) {
      const text = readFileSync(path.join(dir, patch.file), "utf8");
      expect(text).toContain(patch.marker);
      for (const [, replace] of patch.edits) expect(text).toContain(replace);
      expect(first.stdout).toContain(`${patch.file} patched`);
    }
    const again = run(dir, { args: ["--strict"] });
    expect(again).toMatchObject({ status: 0, stdout: "", stderr: "" });
  });

  it("another version installed: a warning that leaves the file locally, a failure under CI or --strict", () => {
    const dir = publishedTree();
    const react = patches.find((p) => p.package === "react-dom")!;
    const file = path.join(dir, react.file);
    const before = readFileSync(file, "utf8");
    setVersion(dir, "react-dom", "18.3.2");

    const local = run(dir, { ci: "false" });
    expect(local.status).toBe(0);
    expect(local.stderr).toContain(`${react.id} (decision ${react.decision}`);
    expect(local.stderr).toContain("react-dom 18.3.2 is installed, not 18.3.1");
    expect(local.stderr).toContain("left as published");
    expect(readFileSync(file, "utf8")).toBe(before);
    // The other patches applied.
    expect(local.stdout).toContain(`${patches[0].file} patched`);

    for (const strict of [run(dir, { ci: "true" }), run(dir, { args: ["--strict"] }), run(dir, { ci: "1" })]) {
      expect(strict.status).toBe(1);
      expect(strict.stderr).toContain(`${react.id} (decision ${react.decision}, ${react.what})`);
      expect(strict.stderr).toContain("written for react-dom 18.3.1; installed: 18.3.2");
      expect(strict.stderr).toMatch(/What to do: pin react-dom to exactly 18\.3\.1 .*package\.json/);
      expect(strict.stderr).toContain(react.test);
      expect(strict.stderr).toContain(DECISION_FILE);
      expect(strict.stderr).toContain("1 dependency patch(es) not applied");
      expect(readFileSync(file, "utf8")).toBe(before);
    }
  });

  it("an edit that no longer matches: a warning that leaves the file locally, a failure under CI", () => {
    const dir = publishedTree();
    const router = patches[0];
    const file = path.join(dir, router.file);
    const changed = readFileSync(file, "utf8").replace(
      router.edits[0][0],
      "  let branches = flattenRoutes(routes, []);\n  rankRouteBranches(branches);\n  let matches = null;",
    );
    writeFileSync(file, changed);

    const local = run(dir);
    expect(local.status).toBe(0);
    expect(local.stderr).toContain(`${router.id} (decision ${router.decision}`);
    expect(local.stderr).toContain(
      "the file is not as published (expected exactly one of: let branches = flattenRoutes(routes);)",
    );
    expect(readFileSync(file, "utf8")).toBe(changed);

    const ci = run(dir, { ci: "true" });
    expect(ci.status).toBe(1);
    expect(ci.stderr).toContain(`was not applied to ${router.file}`);
    expect(ci.stderr).toContain("written for @remix-run/router 1.23.3; installed: 1.23.3");
    expect(ci.stderr).toContain("What to do: reinstall @remix-run/router");
    expect(readFileSync(file, "utf8")).toBe(changed);
  });

  it("a patched package missing from the tree fails under CI", () => {
    const dir = publishedTree();
    rmSync(path.join(dir, "node_modules/@electric-sql"), { recursive: true });
    const ci = run(dir, { ci: "true" });
    expect(ci.status).toBe(1);
    expect(ci.stderr).toContain("@electric-sql/pglite is not installed there");
  });

  it("strict means --strict or a CI variable that is set and not false", () => {
    expect(isStrict(["--strict"], {})).toBe(true);
    expect(isStrict([], { CI: "true" })).toBe(true);
    expect(isStrict([], { CI: "1" })).toBe(true);
    for (const CI of [undefined, "", "0", "false", "FALSE"]) expect(isStrict([], { CI }), String(CI)).toBe(false);
  });

  it("decision 053 records a judgement for every patch: its decision and the version it was written for", () => {
    const record = readFileSync(path.resolve(DECISION_FILE), "utf8");
    for (const patch of patches) {
      expect(record, patch.id).toContain(`\`${patch.id}\``);
      expect(record, patch.id).toContain(`${patch.package} ${patch.version}`);
      expect(record, patch.id).toContain(`decision ${patch.decision}`);
    }
  });
});
