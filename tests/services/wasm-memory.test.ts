/** scripts/bench-memory.ts' reading of PGlite's WebAssembly memory (decision 084). */
import { describe, expect, it } from "vitest";

import { mappings, wasmRssOf } from "../../scripts/lib/wasm-memory";

describe("wasmRssOf", () => {
  it("reads a WebAssembly memory's resident part from this process's smaps", () => {
    if (process.platform !== "linux") return;
    const before = wasmRssOf(mappings(process.pid));
    const memory = new WebAssembly.Memory({ initial: 1600, maximum: 32768 }); // 100 MiB, may grow to 2 GiB
    new Uint8Array(memory.buffer).fill(1);
    const after = wasmRssOf(mappings(process.pid));
    expect(after - before).toBeGreaterThanOrEqual(99);
    expect(after - before).toBeLessThan(110);
    memory.grow(800); // +50 MiB, touched
    new Uint8Array(memory.buffer).fill(2);
    expect(wasmRssOf(mappings(process.pid)) - before).toBeGreaterThanOrEqual(149);
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
