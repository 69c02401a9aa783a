import { describe, expect, it, vi } from 'vitest';

// A one-component stand-in for React: enough to render the hook, rerender it and unmount it.
const hooks = vi.hoisted(() => {
  type Effect = { deps?: unknown[]; cleanup?: (() => void) | void; run?: () => (() => void) | void };
  const state = { slots: [] as unknown[], effects: [] as Effect[], i: 0, e: 0, token: '' as string | null };
  const changed = (a?: unknown[], b?: unknown[]) => !a || !b || a.some((x, i) => !Object.is(x, b[i]));
  return {
    state,
    useRef: <T>(initial: T) => (state.slots[state.i++] ??= { current: initial }) as { current: T },
    useEffect: (run: () => (() => void) | void, deps?: unknown[]) => {
      const slot = (state.effects[state.e++] ??= {});
      if (changed(slot.deps, deps) || !slot.deps) {
        slot.deps = deps;
        slot.run = run;
      }
    },
    render: (hook: () => void) => {
      state.i = 0;
      state.e = 0;
      hook();
      for (const slot of state.effects) {
        if (!slot.run) continue;
        slot.cleanup?.();
        slot.cleanup = slot.run();
        slot.run = undefined;
      }
    },
    unmount: () => state.effects.forEach((slot) => slot.cleanup?.()),
  };
});

vi.mock('react', () => ({ useRef: hooks.useRef, useEffect: hooks.useEffect }));
vi.mock('jotai', async (original) => ({
  ...(await original<typeof import('jotai')>()),
  useAtomValue: () => hooks.state.token,
}));

const { useUserEvents } = await import('./useUserEvents');

describe('useUserEvents', () => {
  it('listens while signed in, moves to a new token, calls the latest callback and stops on unmount', () => {
    const listeners = new Map<string, (e: number) => void>();
    const off = vi.fn((token: string) => listeners.delete(token));
    const source = vi.fn((token: string, listener: (e: number) => void) => {
      listeners.set(token, listener);
      return () => off(token);
    });
    const seen: string[] = [];

    hooks.state.token = null;
    hooks.render(() => useUserEvents(source, (e) => seen.push(`first ${e}`)));
    expect(source).not.toHaveBeenCalled();

    hooks.state.token = 'a';
    hooks.render(() => useUserEvents(source, (e) => seen.push(`first ${e}`)));
    listeners.get('a')!(1);
    // A new callback on rerender is used without subscribing again.
    hooks.render(() => useUserEvents(source, (e) => seen.push(`second ${e}`)));
    listeners.get('a')!(2);
    expect(source).toHaveBeenCalledOnce();
    expect(seen).toEqual(['first 1', 'second 2']);

    hooks.state.token = 'b';
    hooks.render(() => useUserEvents(source, (e) => seen.push(`second ${e}`)));
    expect(off).toHaveBeenCalledExactlyOnceWith('a');
    expect([...listeners.keys()]).toEqual(['b']);

    hooks.unmount();
    expect(listeners.size).toBe(0);
  });
});
