import { expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '@contract/define';
import { allEndpoints } from '@contract/index';
import { adminUser } from '../testing/fund';
import { describeOnOneDatabase } from '../testing/suite';

/**
 * Walks every endpoint of the contract as a signed-in administrator and sends each request field
 * a NUL byte and an id beyond int32, as a form and as JSON: the reply is always the envelope,
 * never a 500 from the database, and a NUL byte is always refused. (contract/requests.test.ts checks that each of these
 * is an issue on that very field.)
 */

function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

const BAD_VALUES = ['a\u0000b', String(2 ** 31), 2 ** 31];

describeOnOneDatabase('bad input on every endpoint', ({ app }) => {
  it('answers an error envelope, never a 500', async () => {
    const t = app();
    const boss = await adminUser(t);
    const problems: string[] = [];
    let sent = 0;
    for (const e of allEndpoints as Endpoint[]) {
      for (const field of fieldsOf(e.request)) {
        for (const value of BAD_VALUES) {
          for (const json of [false, true]) {
            if (!json && typeof value === 'number') continue;
            const data = { [field]: value };
            const headers = { authorization: boss.token, 'idempotency-key': `bad-input-${sent}` };
            const res =
              e.method === 'GET'
                ? await t.app.inject({
                    method: 'GET',
                    url: `/api${e.path}?${new URLSearchParams({ [field]: String(value), lang: 'en' }).toString()}`,
                    headers,
                  })
                : await t.app.inject({
                    method: 'POST',
                    url: `/api${e.path}?lang=en`,
                    headers: {
                      ...headers,
                      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
                    },
                    payload: json ? JSON.stringify(data) : new URLSearchParams({ [field]: String(value) }).toString(),
                  });
            sent += 1;
            const body = res.json<{ type: string; message: string }>();
            // A free-text field may take "2147483648" as text; nothing takes a NUL byte.
            const refused = body.type !== 'ok' || value !== BAD_VALUES[0];
            const envelope = body.type === 'ok' || typeof body.message === 'string';
            if (res.statusCode >= 500 || !refused || !envelope) {
              problems.push(`${e.method} ${e.path} ${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });
});
