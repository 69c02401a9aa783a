import ky, { TimeoutError } from 'ky';
import type { Endpoint, RequestOf, ResponseOf } from '@contract/define';
import { loginTarget } from '../nav';
import { config, TIMING } from './effects';
import { joinUrl, toFields } from './encode';
import { accepted, ApiError, fail, localeActive, messages, settle, type SettleOptions } from './errors';
import type { EndpointRef } from './ref';
import { trackSlow } from './slow';

export interface CallOptions extends SettleOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` so a retried money-moving call is applied once. */
  idempotencyKey?: string;
}

type RequiredKeys<T> = {
  [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K;
}[keyof T];

/** Endpoints whose request has no required field may be called without data. */
type CallArgs<E extends Endpoint> = [RequiredKeys<RequestOf<E>>] extends [never]
  ? [data?: RequestOf<E>, options?: CallOptions]
  : [data: RequestOf<E>, options?: CallOptions];

/**
 * Calls a contract endpoint: form-encoded POST (or GET with a query), `Authorization` and `lang`
 * on every request, 60 s time-out, the loading spinner while it waits past 800 ms. Resolves with the envelope's `message`; rejects with ApiError
 * after the error catalogue has run.
 */
export async function call<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  ...[data, options = {}]: NoInfer<CallArgs<E>>
): Promise<ResponseOf<E>> {
  const fields = new URLSearchParams({ ...toFields(data), lang: config.getLang() });
  const token = config.getToken();
  // Past 800 ms the app shows its loading spinner until the reply (or failure) is in.
  return trackSlow(send(endpoint, fields, token, options));
}

async function send<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  fields: URLSearchParams,
  token: string,
  options: CallOptions,
): Promise<ResponseOf<E>> {
  let response: Response;
  try {
    response = await ky(joinUrl(config.baseUrl, endpoint.path), {
      method: endpoint.method,
      headers: {
        ...(token ? { Authorization: token } : {}),
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      },
      // A POST names its language in the query too: a reply given before the body is read (413)
      // is then still in the user's language.
      ...(endpoint.method === 'GET'
        ? { searchParams: fields }
        : { body: fields, searchParams: { lang: config.getLang() } }),
      timeout: TIMING.requestTimeoutMs,
      retry: 0,
      throwHttpErrors: false,
      fetch: config.fetch,
      signal: options.signal,
    });
  } catch (error) {
    await localeActive();
    throw transportError(error, options);
  }
  if (response.status !== 200) {
    const body = await readJson(response);
    await localeActive();
    const message = typeof body?.message === 'string' && body.message ? body.message : messages.status(response.status);
    throw fail('http', message, options, response.status);
  }
  const body = await readJson(response);
  if (!accepted(body)) await localeActive();
  return settle(body, options) as ResponseOf<E>;
}

export function transportError(error: unknown, options: SettleOptions): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) return fail('timeout', messages.timeout(), options);
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError('aborted', 'aborted');
  return fail('network', messages.network(), options);
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Gate for protected actions: without a token, says "please log in first" and goes to login
 * after 1.2 s. Returns whether the action may proceed.
 */
export function requireLogin(): boolean {
  if (config.getToken()) return true;
  config.toast(messages.loginFirst());
  config.schedule(() => config.navigate(loginTarget(config.currentHref())), TIMING.redirectMs);
  return false;
}
