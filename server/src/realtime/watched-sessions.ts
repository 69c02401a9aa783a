/** A logged-in connection's session, and how to ask it to check that the session still holds. */
export interface WatchedSession {
  userId: number;
  sessionId: number;
}

type Recheck = () => void;

/**
 * This process's logged-in connections by session and by user, so that a revocation, a freeze or
 * any change to an account reaches the connections it concerns (each checks its own token again
 * and leaves its private room when the session no longer holds) without touching the others.
 */
export class WatchedSessions {
  private readonly bySession = new Map<number, Set<Recheck>>();
  private readonly byUser = new Map<number, Set<Recheck>>();

  /** Returns the function that stops watching (logout, a new login, disconnect). */
  watch(session: WatchedSession, recheck: Recheck): () => void {
    add(this.bySession, session.sessionId, recheck);
    add(this.byUser, session.userId, recheck);
    return () => {
      remove(this.bySession, session.sessionId, recheck);
      remove(this.byUser, session.userId, recheck);
    };
  }

  sessionChanged(sessionId: number): void {
    for (const recheck of [...(this.bySession.get(sessionId) ?? [])]) recheck();
  }

  userChanged(userId: number): void {
    for (const recheck of [...(this.byUser.get(userId) ?? [])]) recheck();
  }

  /** Notifications may have been missed: every connection checks again. */
  all(): void {
    for (const rechecks of [...this.byUser.values()]) for (const recheck of [...rechecks]) recheck();
  }

  get size(): number {
    return this.bySession.size;
  }
}

function add(map: Map<number, Set<Recheck>>, key: number, recheck: Recheck) {
  const set = map.get(key) ?? new Set<Recheck>();
  set.add(recheck);
  map.set(key, set);
}

function remove(map: Map<number, Set<Recheck>>, key: number, recheck: Recheck) {
  const set = map.get(key);
  set?.delete(recheck);
  if (set?.size === 0) map.delete(key);
}
