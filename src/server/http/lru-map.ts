/**
 * A map that remembers which entries were used last, for the bounded caches of the read path (the fast lanes'
 * shortcuts, the answer cache): a hit moves its entry to the front of a linked list, the least recently used is at
 * the back, and the JavaScript Map behind it is written only when an entry comes or goes.
 *
 * Why not the Map's own insertion order (delete and set again on every hit): V8 leaves a deleted entry in its
 * hash bucket until the table is rehashed, so the same key deleted and set again thousands of times lengthens one
 * bucket's chain by one each time, and every lookup of that key walks it. In a Map of 8,192 entries a hit then cost
 * 12–37 µs instead of under 1 µs (docs/performance.md "A shop that has run for a while"): a shop whose caches had
 * filled with the day's varied reads answered its most read answer at two thirds of a fresh shop's rate.
 */
interface Node<V> {
  key: string;
  value: V;
  /** Towards the most recently used. */
  newer: Node<V> | undefined;
  /** Towards the least recently used. */
  older: Node<V> | undefined;
}

export class LruMap<V> {
  readonly #nodes = new Map<string, Node<V>>();
  /** Most recently used. */
  #newest: Node<V> | undefined;
  /** Least recently used: the next to go. */
  #oldest: Node<V> | undefined;

  get size(): number {
    return this.#nodes.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const node = this.#nodes.get(key);
    if (node === undefined) return undefined;
    this.#toFront(node);
    return node.value;
  }

  /** The value without counting it as used. */
  peek(key: string): V | undefined {
    return this.#nodes.get(key)?.value;
  }

  /** Stores the value as the most recently used (replacing one under the same key). */
  set(key: string, value: V): void {
    const known = this.#nodes.get(key);
    if (known !== undefined) {
      known.value = value;
      this.#toFront(known);
      return;
    }
    const node: Node<V> = { key, value, newer: undefined, older: this.#newest };
    if (this.#newest) this.#newest.newer = node;
    this.#newest = node;
    this.#oldest ??= node;
    this.#nodes.set(key, node);
  }

  delete(key: string): boolean {
    const node = this.#nodes.get(key);
    if (node === undefined) return false;
    this.#unlink(node);
    this.#nodes.delete(key);
    return true;
  }

  /** The least recently used key (the next to drop), or undefined when empty. */
  oldestKey(): string | undefined {
    return this.#oldest?.key;
  }

  /** Keys from the least to the most recently used. */
  keys(): string[] {
    const keys: string[] = [];
    for (let node = this.#oldest; node; node = node.newer) keys.push(node.key);
    return keys;
  }

  #toFront(node: Node<V>): void {
    if (node === this.#newest) return;
    this.#unlink(node);
    node.older = this.#newest;
    node.newer = undefined;
    if (this.#newest) this.#newest.newer = node;
    this.#newest = node;
    this.#oldest ??= node;
  }

  #unlink(node: Node<V>): void {
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
    node.newer = undefined;
    node.older = undefined;
  }
}
