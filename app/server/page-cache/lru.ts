/**
 * A segmented least-recently-used map bounded by the bytes of its values (each value states its
 * size). A new key enters the probation segment; a key read again moves to the protected segment
 * (at most `protectedShare` of the bytes). Room for a new key is made in probation first, so a scan
 * of keys read once (a crawler, random searches) only ever evicts other keys read once: the pages
 * in use stay. A protected key pushed out of its segment goes back to probation, not out.
 */
export class ByteLru<V extends { bytes: number }> {
  private readonly probation = new Map<string, V>();
  private readonly protectedKeys = new Map<string, V>();
  private probationBytes = 0;
  private protectedBytes = 0;
  readonly protectedMaxBytes: number;

  constructor(
    readonly maxBytes: number,
    protectedShare = 0.8,
  ) {
    this.protectedMaxBytes = Math.floor(maxBytes * protectedShare);
  }

  get(key: string): V | undefined {
    const hot = this.protectedKeys.get(key);
    if (hot !== undefined) {
      this.protectedKeys.delete(key);
      this.protectedKeys.set(key, hot);
      return hot;
    }
    const value = this.probation.get(key);
    if (value === undefined) return undefined;
    // Read a second time: in use.
    this.probation.delete(key);
    this.probationBytes -= value.bytes;
    this.protectedKeys.set(key, value);
    this.protectedBytes += value.bytes;
    this.demote();
    return value;
  }

  /** Peeks without changing the order. */
  peek(key: string): V | undefined {
    return this.protectedKeys.get(key) ?? this.probation.get(key);
  }

  /**
   * Stores `value` (false when it alone exceeds what probation can hold). A key already protected
   * stays protected (a refresh of a page in use); a new key enters probation.
   */
  set(key: string, value: V): boolean {
    const wasProtected = this.protectedKeys.has(key);
    this.delete(key);
    if (wasProtected && value.bytes <= this.protectedMaxBytes) {
      this.protectedKeys.set(key, value);
      this.protectedBytes += value.bytes;
      this.demote();
    } else {
      if (value.bytes > this.maxBytes - this.protectedMaxBytes) return false;
      this.probation.set(key, value);
      this.probationBytes += value.bytes;
    }
    this.evict();
    return true;
  }

  delete(key: string): void {
    const hot = this.protectedKeys.get(key);
    if (hot !== undefined) {
      this.protectedKeys.delete(key);
      this.protectedBytes -= hot.bytes;
      return;
    }
    const value = this.probation.get(key);
    if (value === undefined) return;
    this.probation.delete(key);
    this.probationBytes -= value.bytes;
  }

  clear(): void {
    this.probation.clear();
    this.protectedKeys.clear();
    this.probationBytes = 0;
    this.protectedBytes = 0;
  }

  /** Every value, both segments (no order promised; reading does not count as a use). */
  *values(): IterableIterator<V> {
    yield* this.probation.values();
    yield* this.protectedKeys.values();
  }

  /** Whether `key` is in the protected segment (read since it was stored). */
  isProtected(key: string): boolean {
    return this.protectedKeys.has(key);
  }

  get bytes(): number {
    return this.probationBytes + this.protectedBytes;
  }

  get size(): number {
    return this.probation.size + this.protectedKeys.size;
  }

  /** The protected segment over its share: its least recently used go back to probation. */
  private demote(): void {
    while (this.protectedBytes > this.protectedMaxBytes) {
      const oldest = this.protectedKeys.keys().next().value;
      if (oldest === undefined) break;
      const value = this.protectedKeys.get(oldest)!;
      this.protectedKeys.delete(oldest);
      this.protectedBytes -= value.bytes;
      this.probation.set(oldest, value);
      this.probationBytes += value.bytes;
    }
  }

  /** Over the bound: probation's least recently used go first. */
  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const segment = this.probation.size > 0 ? this.probation : this.protectedKeys;
      const oldest = segment.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
