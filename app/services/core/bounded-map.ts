/**
 * A Map that holds at most `max` entries (decision 084): setting one more drops the least
 * recently used, and a `get` that finds its key counts as a use. For what the server keeps in
 * memory across requests, so that no cache grows with the data or the traffic it sees.
 * `max` may be lowered later (tests do, to see a cache evict): the next `set` trims to it.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  #max: number;

  constructor(max: number) {
    super();
    this.#max = BoundedMap.#checked(max);
  }

  static #checked(max: number): number {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A bounded map holds at least one entry, not ${max}.`);
    return max;
  }

  get max(): number {
    return this.#max;
  }

  set max(max: number) {
    this.#max = BoundedMap.#checked(max);
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.#max) super.delete(super.keys().next().value as K);
    return this;
  }
}
