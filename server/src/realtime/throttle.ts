/**
 * At most one emit per room per `minGapMs`, keeping only the newest value: the first event after a
 * quiet gap goes out at once (no added lag when the hub already ticks once a second), and a burst
 * collapses into one trailing emit of its latest value.
 */
export interface RoomThrottle<T> {
  push(room: string, value: T): void;
  close(): void;
}

export function createRoomThrottle<T>(
  minGapMs: number,
  emit: (room: string, value: T) => void,
  now: () => number = Date.now,
): RoomThrottle<T> {
  const lastAt = new Map<string, number>();
  const pending = new Map<string, T>();
  const timers = new Map<string, NodeJS.Timeout>();

  const send = (room: string, value: T) => {
    lastAt.set(room, now());
    emit(room, value);
  };

  return {
    push(room, value) {
      const wait = (lastAt.get(room) ?? -Infinity) + minGapMs - now();
      if (wait <= 0 && !timers.has(room)) {
        send(room, value);
        return;
      }
      pending.set(room, value);
      if (timers.has(room)) return;
      const timer = setTimeout(
        () => {
          timers.delete(room);
          const latest = pending.get(room);
          pending.delete(room);
          if (latest !== undefined) send(room, latest);
        },
        Math.max(wait, 0),
      );
      timer.unref();
      timers.set(room, timer);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
