import { useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../http';
import { useThrottledCallback } from '../throttle';
import { reportUnexpected } from './report';

export interface SubmitOptions {
  /** Runs after the HTTP client has shown an API error (for example to renew an idempotency key). */
  onApiError?: (error: ApiError) => void;
  /** Names the form in the log when something unexpected fails. */
  name?: string;
}

/**
 * Runs `action` and settles its failure the one way every form does: an ApiError has already
 * been shown by the HTTP client (the form keeps what was typed); anything else is a bug, logged
 * and told to the user. Resolves with the action's result, or undefined when it failed.
 */
export async function settleSubmit<R>(action: () => Promise<R>, options: SubmitOptions = {}): Promise<R | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError) options.onApiError?.(error);
    else reportUnexpected(error, options.name ?? 'submit');
    return undefined;
  }
}

/**
 * A form's submit: `submit()` runs `action` unless it is already running or was tapped within
 * 500 ms (SPEC.md section 9), `busy` is true meanwhile, and failures go through `settleSubmit`.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<unknown>, options: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const submit = useThrottledCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await settleSubmit(() => action(...args), optionsRef.current);
    } finally {
      running.current = false;
      setBusy(false);
    }
  });
  return { submit, busy };
}
