import { describe, expect, it } from "vitest";

import { createPrng } from "./prng";

const draw = (seed: number, n: number) => {
  const r = createPrng(seed);
  return Array.from({ length: n }, () => r.uint32());
};

describe("createPrng", () => {
  it("gives the same sequence for the same seed", () => {
    expect(draw(20240601, 1000)).toEqual(draw(20240601, 1000));
  });

  it("gives different sequences for nearby seeds", () => {
    const a = draw(1, 50);
    const b = draw(2, 50);
    expect(a).not.toEqual(b);
    // Not just shifted copies of each other either.
    expect(a.filter((x) => b.includes(x))).toHaveLength(0);
  });

  it("pins the first values, so a change to the algorithm (and so to all demo data) is noticed", () => {
    expect(draw(20240601, 3)).toEqual([2102033592, 3988769139, 2641676792]);
  });

  it("keeps next() in [0, 1) and int() within its inclusive bounds, reaching both ends", () => {
    const r = createPrng(7);
    const seen = new Set<number>();
    let lo = Infinity;
    let hi = -Infinity;
    let allIntegers = true;
    for (let i = 0; i < 20_000; i++) {
      const x = r.next();
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      const n = r.int(-3, 4);
      allIntegers &&= Number.isInteger(n);
      seen.add(n);
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    expect(allIntegers).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4]);
    expect(r.int(5, 5)).toBe(5);
    expect(() => r.int(3, 2)).toThrow();
  });

  it("keeps float() within [min, max)", () => {
    const r = createPrng(8);
    const xs = Array.from({ length: 5_000 }, () => r.float(2.5, 3));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...xs)).toBeLessThan(3);
  });

  it("is roughly uniform", () => {
    const r = createPrng(9);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[r.int(0, 9)]++;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it("chance(p) comes up about p of the time, and never/always at 0 and 1", () => {
    const r = createPrng(10);
    let hits = 0;
    for (let i = 0; i < 50_000; i++) if (r.chance(0.2)) hits++;
    expect(hits / 50_000).toBeGreaterThan(0.19);
    expect(hits / 50_000).toBeLessThan(0.21);
    const zeros = Array.from({ length: 1_000 }, () => r.chance(0));
    const ones = Array.from({ length: 1_000 }, () => r.chance(1));
    expect(zeros.every((x) => x === false)).toBe(true);
    expect(ones.every((x) => x === true)).toBe(true);
  });

  it("pick() only returns members and reaches all of them", () => {
    const r = createPrng(11);
    const items = ["a", "b", "c", "d"] as const;
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) seen.add(r.pick(items));
    expect([...seen].sort()).toEqual(["a", "b", "c", "d"]);
    expect(() => r.pick([])).toThrow();
  });

  it("weighted() follows the weights and never returns a zero-weight entry", () => {
    const r = createPrng(12);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 40_000; i++) {
      const k = r.weighted([
        ["a", 3],
        ["never", 0],
        ["b", 1],
      ] as const);
      counts[k]++;
    }
    expect(counts.never).toBe(0);
    expect(counts.a / 40_000).toBeGreaterThan(0.73);
    expect(counts.a / 40_000).toBeLessThan(0.77);
    expect(() => r.weighted([["x", 0]])).toThrow();
    expect(() => r.weighted([["x", -1]])).toThrow();
  });

  it("shuffle() returns a permutation and leaves its input alone", () => {
    const r = createPrng(13);
    const input = Array.from({ length: 50 }, (_, i) => i);
    const copy = input.slice();
    const out = r.shuffle(input);
    expect(input).toEqual(copy);
    expect(out).not.toEqual(input);
    expect(out.slice().sort((a, b) => a - b)).toEqual(input);
  });

  it("sample() returns k distinct members", () => {
    const r = createPrng(14);
    const out = r.sample([1, 2, 3, 4, 5, 6, 7, 8], 5);
    expect(out).toHaveLength(5);
    expect(new Set(out).size).toBe(5);
    expect(r.sample([1, 2], 5)).toHaveLength(2);
  });

  it("bytes() and hex() have the asked length", () => {
    const r = createPrng(15);
    expect(r.bytes(16)).toHaveLength(16);
    expect(r.bytes(3)).toHaveLength(3);
    expect(r.hex(20)).toMatch(/^[0-9a-f]{40}$/);
  });

  it("fork() is deterministic, independent of the parent's use, and distinct per label", () => {
    const fresh = createPrng(99);
    const used = createPrng(99);
    for (let i = 0; i < 100; i++) used.next();
    const x = fresh.fork("clients");
    const y = used.fork("clients");
    const xs = Array.from({ length: 20 }, () => x.uint32());
    expect(Array.from({ length: 20 }, () => y.uint32())).toEqual(xs);
    const z = fresh.fork("staff");
    expect(Array.from({ length: 20 }, () => z.uint32())).not.toEqual(xs);
    // Nested forks are order-sensitive, so a/b and b/a are different streams.
    expect(fresh.fork("a").fork("b").uint32()).not.toBe(fresh.fork("b").fork("a").uint32());
  });
});
