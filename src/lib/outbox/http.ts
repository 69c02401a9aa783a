import { fetchClassified, type Outcome } from './classify';
import type { SendContext } from './registry';

/**
 * What an entry needs to be sent without the page's storage: the worker has no local storage, so
 * the session and language are saved with the entry when it is queued.
 */
export interface QueuedSession {
  token: string;
  lang: string;
}

const authHeader = (s: QueuedSession): Record<string, string> => (s.token ? { Authorization: s.token } : {});

/**
 * `lang` rides in the query as well as the body: a reply the server gives before it reads the body
 * (413 for a file over the limit) is still in the user's language.
 */
const withLang = (url: string, lang: string): string => `${url}?${new URLSearchParams({ lang }).toString()}`;

/** Posts a form the way `@/lib/http` does, with the entry's idempotency key. */
export function postForm(
  ctx: SendContext<unknown>,
  path: string,
  fields: Record<string, string>,
  session: QueuedSession,
): Promise<Outcome> {
  return fetchClassified(ctx.fetch, withLang(`${ctx.base}${path}`, session.lang), {
    method: 'POST',
    headers: {
      ...authHeader(session),
      'Content-Type': 'application/x-www-form-urlencoded',
      'Idempotency-Key': ctx.row.idempotencyKey,
    },
    body: new URLSearchParams({ ...fields, lang: session.lang }),
  });
}

/** Uploads one file as `/upload` expects it (multipart field `file`). */
export function postFile(
  ctx: SendContext<unknown>,
  path: string,
  file: { blob: Blob; name: string },
  session: QueuedSession,
): Promise<Outcome> {
  const form = new FormData();
  form.append('lang', session.lang);
  form.append('file', file.blob, file.name);
  return fetchClassified(ctx.fetch, withLang(`${ctx.base}${path}`, session.lang), {
    method: 'POST',
    headers: authHeader(session),
    body: form,
  });
}
