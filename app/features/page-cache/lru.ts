/** A least-recently-used map bounded by the bytes of its values (each value states its size). */
export class ByteLru<V extends { bytes: number }> {
  private readonly map = new Map<string, V>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // A read makes the entry the most recently used.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Peeks without changing the order. */
  peek(key: string): V | undefined {
    return this.map.get(key);
  }

  /** Stores `value` (false when it alone exceeds the bound), evicting the least recently used. */
  set(key: string, value: V): boolean {
    this.delete(key);
    if (value.bytes > this.maxBytes) return false;
    this.map.set(key, value);
    this.total += value.bytes;
    while (this.total > this.maxBytes) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.total -= value.bytes;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }
}
