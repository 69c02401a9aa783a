import { useCallback, useLayoutEffect, useRef } from 'react';

/** Repeated-click window of SPEC.md section 9. */
export const THROTTLE_MS = 500;

/**
 * Wraps fn so calls within `ms` of the last accepted call are ignored (leading edge: the first
 * tap acts at once, a double tap does not submit twice). A returned promise is left to fn's
 * own error handling.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => unknown,
  ms = THROTTLE_MS,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    void fn(...args);
  };
}

/** Hook form of `throttle`: stable identity, always calls the latest fn. */
export function useThrottledCallback<A extends unknown[]>(
  fn: (...args: A) => unknown,
  ms = THROTTLE_MS,
): (...args: A) => void {
  const fnRef = useRef(fn);
  useLayoutEffect(() => {
    fnRef.current = fn;
  });
  const lastRef = useRef(-Infinity);
  return useCallback(
    (...args: A) => {
      const t = Date.now();
      if (t - lastRef.current < ms) return;
      lastRef.current = t;
      void fnRef.current(...args);
    },
    [ms],
  );
}
