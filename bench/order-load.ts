// Spot limit orders over HTTP from many connections (autocannon), for `bench:orders` and `bench:cluster`.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface Figure {
  perSecond: number;
  p50: number;
  p99: number;
  refused: number;
}

/** Limit orders on BTC/USDT from random users at prices around 97,000 (half of them cross). */
export async function orders(
  url: string,
  users: { token: string }[],
  seconds: number,
  connections: number,
): Promise<Figure> {
  let refused = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const user = users[Math.floor(Math.random() * users.length)]!;
          const side = Math.random() < 0.5 ? 'buy' : 'sell';
          const price = (97_000 + Math.floor(Math.random() * 21 - 10) / 100).toFixed(2);
          return {
            ...req,
            headers: {
              authorization: user.token,
              'content-type': 'application/x-www-form-urlencoded',
              'idempotency-key': randomUUID(),
            },
            body: `currency_id=1&legal_id=3&side=${side}&type=limit&amount=0.0001&target_price=${price}`,
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith('{"type":"ok"')) refused++;
        },
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx replies`);
  }
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, refused };
}
