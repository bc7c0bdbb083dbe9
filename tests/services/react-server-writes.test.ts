/**
 * React DOM's Node renderer as scripts/patch-dependencies.mjs leaves it (decision 052: a flush's
 * output joined and encoded once) writes the same bytes as the published one: a long table, text
 * with multi-byte characters and characters to escape, long single texts, and a page that
 * streams in several flushes (a Suspense boundary shown first as its fallback, then its content)
 * — except the NUL bytes the published one writes where a multi-byte character (₹, —) falls
 * across the end of one of its 2 KiB buffers.
 */
import { createRequire } from "node:module";
import { Writable } from "node:stream";

import { createElement as h, type ReactNode, Suspense } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { REACT_SERVER_FILE, REACT_WRITES_EDITS, REACT_WRITES_MARKER } from "../../scripts/patch-dependencies.mjs";
import { writeUnpatchedCopy } from "../support/unpatched";

type Server = {
  renderToPipeableStream(node: ReactNode, options: Record<string, unknown>): { pipe(w: Writable): void };
};
const require = createRequire(import.meta.url);
let unpatched: ReturnType<typeof writeUnpatchedCopy> | undefined;
let Patched: Server;
let Unpatched: Server;

beforeAll(() => {
  unpatched = writeUnpatchedCopy(
    REACT_SERVER_FILE,
    REACT_WRITES_EDITS as [string, string][],
    REACT_WRITES_MARKER,
    "React's server renderer",
  );
  // The production build itself (the tests run with NODE_ENV=test, which would pick the development one).
  Patched = require(unpatched.installed) as Server;
  Unpatched = require(unpatched.copy) as Server;
});
afterAll(() => unpatched?.remove());

/** The renderer's output, each write kept apart: `stream` pipes at the shell (several flushes). */
function render(
  server: Server,
  node: ReactNode,
  stream: boolean,
  afterShell?: () => void,
): Promise<{ html: string; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve({ html: Buffer.concat(chunks).toString("utf8"), writes: chunks.length });
        done();
      },
    });
    const { pipe } = server.renderToPipeableStream(node, {
      [stream ? "onShellReady" : "onAllReady"]: () => {
        pipe(out);
        afterShell?.();
      },
      onShellError: reject,
    });
  });
}

const table = h(
  "table",
  { className: "plain-table" },
  h(
    "tbody",
    null,
    Array.from({ length: 400 }, (_, i) =>
      h(
        "tr",
        { key: i, "data-id": i },
        h("td", null, `Client ${i} — ₹${(i * 13.37).toFixed(2)}`),
        h("td", { title: `"quoted" <${i}> & more` }, "x < y & z > w"),
        h("td", null, h("a", { href: `/all-users/${i}/rate-card?tab=rto&all=1` }, "Open")),
      ),
    ),
  ),
);

const long = h(
  "main",
  null,
  h("p", null, "ग्राहक ".repeat(3000)),
  h("pre", null, "a".repeat(5000)),
  h("div", { dangerouslySetInnerHTML: { __html: "<b>raw</b>".repeat(1000) } }),
);

/** A component that suspends until `gate` resolves (as a deferred loader's part would). */
function later(gate: Promise<void>, content: ReactNode) {
  let done = false;
  const promise = gate.then(() => {
    done = true;
  });
  function Later() {
    if (!done) throw promise;
    return h("section", null, content);
  }
  return h(Later);
}
/**
 * A page whose two boundaries complete one after the other, each a macrotask after the shell was
 * written (opened by `afterShell`), whatever the machine's load: the same flushes for both renderers.
 */
function streamed() {
  let open!: () => void;
  const shellWritten = new Promise<void>((r) => (open = r));
  const tick = () => new Promise<void>((r) => setImmediate(r));
  const first = shellWritten.then(tick);
  const second = first.then(tick).then(tick);
  const node = h(
    "div",
    null,
    h("h1", null, "Orders — तुरंत"),
    h(Suspense, { fallback: h("p", null, "Loading…") }, later(first, table)),
    h(Suspense, { fallback: h("p", null, "Still loading…") }, later(second, h("p", null, "Done ✓"))),
  );
  return { node, afterShell: () => open() };
}

describe("React's server renderer, patched", () => {
  it("writes the same HTML as the published renderer", async () => {
    for (const node of [table, long, h("p", null, ""), h("div", null, "é")]) {
      const expected = await render(Unpatched, node, false);
      const got = await render(Patched, node, false);
      expect(got.html).toBe(expected.html.replaceAll("\u0000", ""));
      expect(got.html).not.toContain("\u0000");
      expect(got.html.length).toBeGreaterThan(0);
    }
  });

  it("writes the same HTML when the page streams in several flushes, and each flush in one write", async () => {
    const a = streamed();
    const expected = await render(Unpatched, a.node, true, a.afterShell);
    const b = streamed();
    const got = await render(Patched, b.node, true, b.afterShell);
    // The published renderer writes NUL bytes where a multi-byte character falls across the end
    // of one of its 2 KiB buffers (its encodeInto path writes the whole buffer); joined, there are none.
    expect(expected.html).toContain("\u0000");
    expect(got.html).not.toContain("\u0000");
    expect(got.html).toBe(expected.html.replaceAll("\u0000", ""));
    expect(got.html).toContain("Done ✓");
    expect(got.html).toContain("Loading…");
    // The shell and each boundary's completion: a write each, not one per 2 KiB.
    expect(got.writes).toBeLessThan(expected.writes);
    expect(got.writes).toBeGreaterThanOrEqual(3);
  });
});
