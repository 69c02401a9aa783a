import type { UserRow } from '../db/schema/index';

/** What a signed-in request needs, kept between requests so most need no database round trip. */
export interface CachedSession {
  sessionId: number;
  user: UserRow;
  /** The session's last_seen_at as stored; the idle expiry is measured from it. */
  lastSeenMs: number;
  /** When this copy was read; older copies are read again, whatever notifications said. */
  loadedMs: number;
}

/** What a drop concerned: one session, every session of a user, or everything. */
export type SessionDrop = { sessionId: number } | { userId: number } | 'all';

/**
 * Sessions by token hash. Entries are dropped by session id (revocation) and by user id (any
 * change to the account: disabled, password, level, pay-password lock…) as the database
 * announces them, and after `maxAgeMs` in case an announcement was lost. Bounded: the oldest
 * entry goes first.
 */
export class SessionCache {
  private readonly byToken = new Map<string, CachedSession>();
  private readonly tokensOfUser = new Map<number, Set<string>>();
  private readonly tokenOfSession = new Map<number, string>();
  /** Moves on every drop: a row read before a revocation must not be cached after it. */
  private epoch = 0;
  private readonly dropObservers = new Set<(drop: SessionDrop) => void>();

  constructor(
    readonly maxEntries: number,
    readonly maxAgeMs: number,
  ) {}

  get size(): number {
    return this.byToken.size;
  }

  /** Take before reading the database; pass to `set`. */
  get currentEpoch(): number {
    return this.epoch;
  }

  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.byToken.get(tokenHash);
    if (entry && nowMs - entry.loadedMs > this.maxAgeMs) {
      this.remove(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps `entry` unless something was dropped since `readEpoch` (the read may predate it). */
  set(tokenHash: string, entry: CachedSession, readEpoch: number): void {
    if (readEpoch !== this.epoch) return;
    this.remove(tokenHash);
    if (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.keys().next();
      if (!oldest.done) this.remove(oldest.value);
    }
    this.byToken.set(tokenHash, entry);
    this.tokenOfSession.set(entry.sessionId, tokenHash);
    const tokens = this.tokensOfUser.get(entry.user.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensOfUser.set(entry.user.id, tokens);
  }

  dropSession(sessionId: number): void {
    this.epoch += 1;
    const token = this.tokenOfSession.get(sessionId);
    if (token !== undefined) this.remove(token);
    this.dropped({ sessionId });
  }

  dropUser(userId: number): void {
    this.epoch += 1;
    for (const token of [...(this.tokensOfUser.get(userId) ?? [])]) this.remove(token);
    this.dropped({ userId });
  }

  clear(): void {
    this.epoch += 1;
    this.byToken.clear();
    this.tokensOfUser.clear();
    this.tokenOfSession.clear();
    this.dropped('all');
  }

  /**
   * Called after every drop (a revocation, any change to an account, or everything when
   * notifications may have been missed), so what holds a session longer than one request (a
   * socket's private room) can check it again. Returns the function that stops the calls.
   */
  onDrop(observer: (drop: SessionDrop) => void): () => void {
    this.dropObservers.add(observer);
    return () => this.dropObservers.delete(observer);
  }

  private dropped(drop: SessionDrop): void {
    for (const observer of this.dropObservers) observer(drop);
  }

  private readonly waiters = new Map<string, () => void>();

  /** Resolves when the notification carrying `marker` has been received. */
  waitFor(marker: string): Promise<void> {
    return new Promise((resolve) => this.waiters.set(marker, resolve));
  }

  /** A marker arrived: every notification committed before it has been handled. */
  received(marker: string): void {
    this.waiters.get(marker)?.();
    this.waiters.delete(marker);
  }

  private remove(tokenHash: string): void {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    this.byToken.delete(tokenHash);
    this.tokenOfSession.delete(entry.sessionId);
    const tokens = this.tokensOfUser.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.user.id);
  }
}
