import { failureReplySchema } from '@contract/envelope';

/**
 * What became of one replayed request. `sent`: our API accepted it (`message` is the reply's);
 * `refused`: our API answered with an error envelope, so sending it again cannot help; `retry`:
 * no answer from our API (offline, time-out, a captive portal's page, a proxy's error), so the
 * entry stays queued and is sent again later.
 */
export type Outcome =
  { result: 'sent'; message: unknown } | { result: 'refused'; error: string } | { result: 'retry'; error: string };

/** Statuses that say "not now" rather than "no": time-out, rate limit, server faults. */
const TRANSIENT_STATUS = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Classifies the reply of a replayed request. Only a well-formed envelope of our API counts as an
 * answer (SPEC.md section 8): an `ok` envelope on a 2xx is success, an error envelope a refusal.
 * Anything else (HTML from a Wi-Fi login page, a 200 with no JSON, JSON of another shape) never
 * came from our API, so dropping the user's action on it would lose it: it is retried.
 */
export async function classifyReply(response: Response): Promise<Outcome> {
  if (TRANSIENT_STATUS(response.status)) return { result: 'retry', error: `HTTP ${response.status}` };
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch (error) {
    return { result: 'retry', error: `HTTP ${response.status}: not JSON (${String(error)})` };
  }
  if (isOkEnvelope(body)) {
    return response.ok
      ? { result: 'sent', message: body.message }
      : { result: 'retry', error: `HTTP ${response.status}` };
  }
  const failure = failureReplySchema.safeParse(body);
  if (failure.success) return { result: 'refused', error: failure.data.message };
  return { result: 'retry', error: `HTTP ${response.status}: not an API reply` };
}

function isOkEnvelope(body: unknown): body is { type: 'ok'; message: unknown } {
  return typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'ok' && 'message' in body;
}

/** Sends one request and classifies what comes back; a request that never got a reply is retried. */
export async function fetchClassified(fetchFn: typeof fetch, url: string, init: RequestInit): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    return { result: 'retry', error: String(error) };
  }
  return classifyReply(response);
}
