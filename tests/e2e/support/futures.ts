import { expect } from 'vitest';
import type { AppInBrowser, Session } from './session';

/**
 * A futures position opened and closed by a new account (`prefix`): one `futures_close` settlement
 * record with its tick. Returns the account and the position's id.
 */
export async function closedFuturesPosition(
  app: AppInBrowser,
  prefix: string,
): Promise<{ session: Session; id: number }> {
  const session = await app.signUp(prefix);
  await app.fund(session, '3', '1000', 'lever');
  const open = () =>
    app.api<{ id: number }>('/lever/submit', {
      body: { currency_id: '1', legal_id: '3', share: '5', multiple: '10', status: '1', type: '1' },
      token: session.token,
    });
  // The simulated feed prices the pair within a few seconds of the start.
  let id = 0;
  await expect
    .poll(
      async () =>
        await open().then(
          (p) => ((id = p.id), true),
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await app.api('/lever/close', { body: { id: String(id) }, token: session.token });
  return { session, id };
}
