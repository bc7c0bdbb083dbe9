/**
 * A small seeded pseudo-random generator for the demo seed. Demo data must be identical on
 * every machine and every run (tests, screenshots and the README's examples depend on it),
 * so nothing in the seed may touch Math.random or crypto randomness.
 *
 * The core is sfc32 (Chris Doty-Humphrey's Small Fast Counter): 128 bits of state, passes
 * PractRand, and is only integer adds, xors and shifts, so it gives the same numbers on
 * every JavaScript engine. Its state is filled by splitmix32 so that nearby seeds (1, 2, 3…)
 * still give unrelated streams.
 */

export type Prng = {
  /** A float in [0, 1). */
  next(): number;
  /** An unsigned 32-bit integer. */
  uint32(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One value, each chosen with probability proportional to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** A shuffled copy (Fisher–Yates); the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct items in random order (k is capped at the number of items). */
  sample<T>(items: readonly T[], k: number): T[];
  bytes(n: number): Uint8Array;
  /** n random bytes as 2n lowercase hex characters. */
  hex(n: number): string;
  /**
   * An independent generator for one part of the data. Each part of the seed draws from its
   * own fork, so adding a field to clients does not reshuffle the staff or the couriers.
   */
  fork(label: string): Prng;
};

/** splitmix32: spreads one 32-bit seed over several well-mixed state words. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a, so fork("clients") of a given seed always names the same stream. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createPrng(seed: number): Prng {
  if (!Number.isFinite(seed)) throw new Error(`PRNG seed must be a finite number, got ${seed}`);
  const rootSeed = seed >>> 0;
  const init = splitmix32(rootSeed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();

  function uint32(): number {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  }

  const next = () => uint32() / 4294967296;

  function int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new Error(`int(${min}, ${max}): need integers with min <= max`);
    }
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[Math.floor(next() * items.length)];
  }

  function weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of entries) {
      if (!(w >= 0)) throw new Error(`weighted(): weights must be >= 0, got ${w}`);
      total += w;
    }
    if (total <= 0) throw new Error("weighted(): needs at least one positive weight");
    let r = next() * total;
    for (const [value, w] of entries) {
      if (r < w) return value;
      r -= w;
    }
    // Floating-point rounding can leave r a hair above the last bucket.
    for (let i = entries.length - 1; i >= 0; i--) if (entries[i][1] > 0) return entries[i][0];
    throw new Error("unreachable");
  }

  function shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  function bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      let word = uint32();
      for (let k = 0; k < 4 && i + k < n; k++) {
        out[i + k] = word & 0xff;
        word >>>= 8;
      }
    }
    return out;
  }

  return {
    next,
    uint32,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted,
    shuffle,
    sample: (items, k) => shuffle(items).slice(0, Math.max(0, k)),
    bytes,
    hex: (n) => Array.from(bytes(n), (x) => x.toString(16).padStart(2, "0")).join(""),
    // Derived from the root seed, not the current state, so a fork does not depend on how
    // much the parent has been used before it.
    fork: (label) => createPrng(hashLabel(`${rootSeed}/${label}`)),
  };
}
