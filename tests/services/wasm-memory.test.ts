/** scripts/bench-memory.ts' reading of PGlite's WebAssembly memory (decision 084). */
import { spawnSync } from "node:child_process";

import { describe, expect, it } from "vitest";

import { wasmRssOf } from "../../scripts/lib/wasm-memory";

describe("wasmRssOf", () => {
  it("reads a WebAssembly memory's resident part from a process's smaps", () => {
    if (process.platform !== "linux") return;
    // Measured in a process of its own: the tests share their worker process (decision 096), whose
    // other WebAssembly memories (PGlite's) may be freed or grow while this one is measured.
    const script = `
      import { mappings, wasmRssOf } from "${new URL("../../scripts/lib/wasm-memory.ts", import.meta.url).href}";
      const read = () => wasmRssOf(mappings(process.pid));
      const before = read();
      const memory = new WebAssembly.Memory({ initial: 1600, maximum: 32768 }); // 100 MiB, may grow to 2 GiB
      new Uint8Array(memory.buffer).fill(1);
      const filled = read() - before;
      memory.grow(800); // +50 MiB, touched
      new Uint8Array(memory.buffer).fill(2);
      console.log(JSON.stringify({ filled, grown: read() - before }));`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    const { filled, grown } = JSON.parse(run.stdout) as { filled: number; grown: number };
    expect(filled).toBeGreaterThanOrEqual(99);
    expect(filled).toBeLessThan(110);
    expect(grown).toBeGreaterThanOrEqual(149);
  });

  it("counts only rw-p mappings between two guards spanning 8 GiB or more", () => {
    const GIB = 1n << 30n;
    const m = (start: bigint, end: bigint, perms: string, rssKib = 0, anonymous = true) => ({
      start,
      end,
      perms,
      anonymous,
      rssKib,
    });
    const base = 100n * GIB;
    const wasm = [
      m(base, base + 2n * GIB, "---p"),
      m(base + 2n * GIB, base + 2n * GIB + 1024n * 1024n * 64n, "rw-p", 65_536),
      m(base + 2n * GIB + 1024n * 1024n * 64n, base + 10n * GIB, "---p"),
    ];
    expect(wasmRssOf(wasm)).toBe(64);
    // A thread stack: guard page, stack; not 8 GiB.
    const stack = [m(0n, 4096n, "---p"), m(4096n, 8n << 20n, "rw-p", 8192), m(8n << 20n, 9n << 20n, "---p")];
    expect(wasmRssOf(stack)).toBe(0);
    // A file mapping in between is not the same region.
    expect(wasmRssOf([wasm[0], { ...wasm[1], anonymous: false }, wasm[2]])).toBe(0);
  });
});
