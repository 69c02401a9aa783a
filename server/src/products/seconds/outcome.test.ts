import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MicroType } from '@contract/seconds';
import { outcome } from './outcome';

const SERVER_SRC = fileURLToPath(new URL('../..', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(path)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

describe('seconds contract outcome', () => {
  it('pays a win stake x (1 + ratio), refunds a tie and a void, keeps nothing on a loss', () => {
    expect(outcome(1, '100000', '100000.01', '100', '0.2')).toEqual({ result: 'win', payout: '120', profit: '20' });
    expect(outcome(1, '100000', '99999.99', '100', '0.2')).toEqual({ result: 'loss', payout: '0', profit: '-100' });
    expect(outcome(2, '100000', '99999.99', '55.5', '0.3')).toEqual({
      result: 'win',
      payout: '72.15',
      profit: '16.65',
    });
    expect(outcome(2, '100000', '100001', '10', '0.6')).toEqual({ result: 'loss', payout: '0', profit: '-10' });
    expect(outcome(1, '2.2', '2.20', '10', '0.6')).toEqual({ result: 'tie', payout: '10', profit: '0' });
    expect(outcome(2, '2.2', null, '10', '0.6')).toEqual({ result: 'void', payout: '10', profit: '0' });
  });

  const price = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
    .map(([units, decimals]) => {
      const s = units.toString().padStart(decimals + 1, '0');
      return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
    });
  const stake = fc.integer({ min: 10, max: 10_000 }).map(String);
  const ratio = fc.constantFrom('0.2', '0.3', '0.5', '0.6');
  const type = fc.constantFrom<MicroType>(1, 2);

  it('is a function of its arguments: direction, the two prices, stake and ratio', () => {
    fc.assert(
      fc.property(type, price, price, stake, ratio, (t, open, end, s, r) => {
        const first = outcome(t, open, end, s, r);
        // Same inputs, same answer, whenever and however often it is asked.
        expect(outcome(t, open, end, s, r)).toEqual(first);
        const moved = Number(end) - Number(open);
        const expected = moved === 0 ? 'tie' : moved > 0 === (t === 1) ? 'win' : 'loss';
        expect(first.result).toBe(expected);
        // The opposite direction on the same prices gets the opposite result.
        const other = outcome(t === 1 ? 2 : 1, open, end, s, r).result;
        expect(other).toBe(expected === 'tie' ? 'tie' : expected === 'win' ? 'loss' : 'win');
        // Money: the payout is the stake plus the profit, never negative.
        expect(Number(first.payout)).toBeCloseTo(Number(s) + Number(first.profit), 9);
      }),
      { numRuns: 500 },
    );
  });

  it('takes nothing but those arguments: no settings, no database, no clock, no randomness', async () => {
    const text = await readFile(fileURLToPath(new URL('./outcome.ts', import.meta.url)), 'utf8');
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['@contract/seconds', '../../ledger/batch']);
    expect(text).not.toMatch(/Date|Math\.random|process\.env|config|ctx\./);
  });

  it('is written to an order by the settlement only: no other code updates an order or the price record', async () => {
    const writers: string[] = [];
    for (const file of await sourceFiles(SERVER_SRC)) {
      const text = await readFile(file, 'utf8');
      const rel = file.slice(SERVER_SRC.length);
      if (/UPDATE\s+micro_orders|update\(microOrders\)/i.test(text)) writers.push(`update micro_orders: ${rel}`);
      if (/(INSERT INTO|UPDATE|DELETE FROM)\s+price_seconds|(insert|update|delete)\(priceSeconds\)/i.test(text)) {
        writers.push(`write price_seconds: ${rel}`);
      }
    }
    expect(writers.sort()).toEqual([
      'update micro_orders: products/seconds/settle.ts',
      'write price_seconds: market/price-history.ts',
    ]);
  });
});
