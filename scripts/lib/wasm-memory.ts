/** The resident part of a process's WebAssembly memories, for scripts/bench-memory.ts (decision 084). */
import { readFileSync } from "node:fs";

export type Mapping = { start: bigint; end: bigint; perms: string; anonymous: boolean; rssKib: number };

/** The mappings of /proc/<pid>/smaps (Linux; none elsewhere, or when the process is gone). */
export function mappings(pid: number): Mapping[] {
  try {
    return readFileSync(`/proc/${pid}/smaps`, "utf8")
      .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
      .map((block) => {
        const [range, perms, , , inode, name] = block.split("\n", 1)[0].split(/\s+/);
        const [start, end] = range.split("-").map((h) => BigInt(`0x${h}`));
        const rssKib = Number(/\nRss:\s+(\d+) kB/.exec(block)?.[1] ?? 0);
        return { start, end, perms, anonymous: inode === "0" && !name, rssKib };
      });
  } catch {
    return [];
  }
}

const GIB = 1n << 30n;
/**
 * Resident MiB of a process's WebAssembly memories (Linux). V8 reserves each WASM memory as one
 * region of 8 GiB or more (on Node 20, 10 GiB: guard pages around it), but the kernel lists it
 * as several mappings by protection: `---p` guard before, the used part `rw-p` (as much as the
 * memory has grown to), `---p` for the rest. So a WASM memory is a run of address-contiguous
 * anonymous mappings, `---p` at both ends and only `rw-p` between, ≥ 8 GiB in all; its resident
 * part is the `rw-p` ones' Rss. (Looking for one mapping of ≥ 8 GiB found only the trailing
 * guard, Rss 0: decision 084's runs.) Checked with a `WebAssembly.Memory` of 100 MiB filled:
 * tests/services/wasm-memory.test.ts.
 */
export function wasmRssOf(maps: Mapping[]): number {
  let kib = 0;
  for (let i = 0; i < maps.length; i++) {
    if (!maps[i].anonymous || maps[i].perms !== "---p") continue;
    let j = i + 1;
    while (j < maps.length && maps[j].anonymous && maps[j].perms === "rw-p" && maps[j].start === maps[j - 1].end) j++;
    const last = maps[j];
    if (j === i + 1 || !last?.anonymous || last.perms !== "---p" || last.start !== maps[j - 1].end) continue;
    if (last.end - maps[i].start < 8n * GIB) continue;
    for (let k = i + 1; k < j; k++) kib += maps[k].rssKib;
    i = j; // the trailing guard may not start another
  }
  return kib / 1024;
}
export const wasmRss = (pid: number) => wasmRssOf(mappings(pid));
