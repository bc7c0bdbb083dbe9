import { describe, expect, it } from "vitest";

import { BoundedMap } from "./bounded-map";

describe("BoundedMap (decision 084)", () => {
  it("holds at most its bound: one more drops the least recently set", () => {
    const m = new BoundedMap<string, number>(3);
    for (const [i, k] of ["a", "b", "c", "d"].entries()) m.set(k, i);
    expect([...m.keys()]).toEqual(["b", "c", "d"]);
    expect(m.has("a")).toBe(false);
    expect(m.size).toBe(3);
  });

  it("counts a get that finds its key, and a set of a kept key, as a use", () => {
    const m = new BoundedMap<string, number>(2);
    m.set("a", 1).set("b", 2);
    expect(m.get("a")).toBe(1);
    m.set("c", 3);
    expect([...m.keys()]).toEqual(["a", "c"]);
    m.set("a", 10);
    m.set("d", 4);
    expect([...m.entries()]).toEqual([
      ["a", 10],
      ["d", 4],
    ]);
    expect(m.get("missing")).toBeUndefined();
    expect(m.size).toBe(2);
  });

  it("keeps undefined values apart from missing keys", () => {
    const m = new BoundedMap<string, number | undefined>(2);
    m.set("a", undefined).set("b", 2);
    expect(m.get("a")).toBeUndefined();
    m.set("c", 3); // "a" was used last by the get: "b" goes
    expect([...m.keys()]).toEqual(["a", "c"]);
  });

  it("trims to a lowered bound at the next set, and refuses a bound below one", () => {
    const m = new BoundedMap<number, number>(10);
    for (let i = 0; i < 10; i++) m.set(i, i);
    m.max = 4;
    m.set(10, 10);
    expect([...m.keys()]).toEqual([7, 8, 9, 10]);
    expect(() => new BoundedMap(0)).toThrow("A bounded map holds at least one entry, not 0.");
    expect(() => (m.max = 1.5)).toThrow(RangeError);
  });
});
