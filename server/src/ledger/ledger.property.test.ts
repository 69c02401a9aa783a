import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { WALLET_TYPES, type WalletType } from '@contract/wallet';
import { ledgerTransactions } from '../db/schema/index';
import { AppError } from '../errors';
import { exchange, moveBetweenAccounts } from '../products/wallet/moves';
import { fixedPrices } from '../market/prices';
import { describeEachDatabase } from '../testing/suite';
import {
  balances,
  checkInvariants,
  hold,
  inTransaction,
  LedgerError,
  Money,
  postHold,
  releaseHold,
  systemAccount,
  userAccount,
} from './index';
import { deposit, insertLedgerUser } from '../testing/ledger';

/**
 * Random batches of operations from several users run concurrently through the real services.
 * After every batch the invariants hold; at the end every balance equals what the acknowledged
 * operations (and only those) imply, and each acknowledged operation is in the ledger.
 */
const CURRENCIES = [1, 2, 3];
const USERS = 4;
const prices = fixedPrices({ 1: '50000', 2: '2500' });

const amount = fc.integer({ min: 1, max: 300_000_000 }).map((n) => new Money(n).div(1e8).toFixed());
const user = fc.nat({ max: USERS - 1 });
const currency = fc.constantFrom(...CURRENCIES);
const type = fc.constantFrom(...WALLET_TYPES);

const op = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, currency, amount }),
  fc.record({ op: fc.constant('transfer' as const), user, currency, from: type, to: type, amount }),
  fc.record({ op: fc.constant('exchange' as const), user, from: currency, to: currency, amount }),
  fc.record({ op: fc.constant('hold' as const), user, currency, type, amount }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), pick: fc.nat() }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface OpenHold {
  id: number;
  key: string;
  amount: string;
}

describeEachDatabase('ledger under random concurrent operations', ({ database }) => {
  it('keeps the invariants after every batch and records exactly the acknowledged operations', async () => {
    const db = database().db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        async (batches) => {
          const users = await Promise.all(Array.from({ length: USERS }, () => insertLedgerUser(db)));
          const expected = new Map<string, Money>();
          const add = (key: string, d: Money | string | number) =>
            expected.set(key, (expected.get(key) ?? new Money(0)).plus(d));
          const k = (u: number, c: number, t: WalletType, b: 'available' | 'held') => `${u}|${c}|${t}|${b}`;
          for (const u of users) {
            for (const c of CURRENCIES) {
              await deposit(db, u, c, '1');
              add(k(u, c, 'legal', 'available'), 1);
            }
          }
          let holds: OpenHold[] = [];
          const acknowledged: number[] = [];

          const run = async (o: Op): Promise<(() => void) | null> => {
            const at = new Date();
            try {
              switch (o.op) {
                case 'deposit': {
                  const u = users[o.user]!;
                  const p = await deposit(db, u, o.currency, o.amount);
                  acknowledged.push(p.txId);
                  return () => add(k(u, o.currency, 'legal', 'available'), o.amount);
                }
                case 'transfer': {
                  if (o.from === o.to) return null;
                  const u = users[o.user]!;
                  const input = { currency_id: o.currency, number: o.amount, from_field: o.from, to_field: o.to };
                  const r = await inTransaction(db, (tx) => moveBetweenAccounts(tx, u, input, at));
                  acknowledged.push(r.id);
                  return () => {
                    add(k(u, o.currency, o.from, 'available'), new Money(o.amount).neg());
                    add(k(u, o.currency, o.to, 'available'), o.amount);
                  };
                }
                case 'exchange': {
                  if (o.from === o.to) return null;
                  const u = users[o.user]!;
                  const input = { number: o.amount, from_currency_id: o.from, to_currency_id: o.to };
                  const r = await inTransaction(db, (tx) => exchange(tx, u, prices, input, at));
                  acknowledged.push(r.id);
                  return () => {
                    add(k(u, o.from, 'legal', 'available'), new Money(r.number).neg());
                    add(k(u, o.to, 'legal', 'available'), r.received);
                  };
                }
                case 'hold': {
                  const u = users[o.user]!;
                  const account = userAccount(u, o.currency, o.type);
                  const h = await inTransaction(db, (tx) => hold(tx, { account, amount: o.amount }));
                  acknowledged.push(h.txId);
                  return () => {
                    add(k(u, o.currency, o.type, 'available'), new Money(o.amount).neg());
                    add(k(u, o.currency, o.type, 'held'), o.amount);
                    holds.push({ id: h.holdId, key: k(u, o.currency, o.type, 'held'), amount: o.amount });
                  };
                }
                case 'release':
                case 'withdraw': {
                  const h = holds[o.pick % Math.max(1, holds.length)];
                  if (!h) return null;
                  const currencyId = Number(h.key.split('|')[1]);
                  const p = await inTransaction(db, (tx) =>
                    o.op === 'release'
                      ? releaseHold(tx, h.id)
                      : postHold(tx, h.id, {
                          kind: 'withdrawal',
                          to: [{ account: systemAccount('external_withdrawals', currencyId), amount: h.amount }],
                        }),
                  );
                  acknowledged.push(p.txId);
                  return () => {
                    add(h.key, new Money(h.amount).neg());
                    if (o.op === 'release') add(h.key.replace(/held$/, 'available'), h.amount);
                    holds = holds.filter((x) => x.id !== h.id);
                  };
                }
              }
            } catch (err) {
              // Refusals a user can cause: overdraft, dust, or a hold closed by a concurrent operation.
              if (err instanceof AppError && ['insufficient_balance', 'amount_too_small'].includes(err.key))
                return null;
              if (err instanceof LedgerError && /already/.test(err.message)) return null;
              throw err;
            }
          };

          for (const batch of batches) {
            const effects = await Promise.all(batch.map(run));
            for (const apply of effects) apply?.();
            const report = await checkInvariants(db);
            expect(report.problems).toEqual([]);
          }

          for (const u of users) {
            for (const b of await balances(db, u)) {
              expect([b.available, b.held]).toEqual([
                (expected.get(k(u, b.currencyId, b.type, 'available')) ?? new Money(0)).toFixed(),
                (expected.get(k(u, b.currencyId, b.type, 'held')) ?? new Money(0)).toFixed(),
              ]);
            }
          }
          if (acknowledged.length > 0) {
            const found = await db
              .select({ id: ledgerTransactions.id })
              .from(ledgerTransactions)
              .where(inArray(ledgerTransactions.id, acknowledged));
            expect(found).toHaveLength(new Set(acknowledged).size);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
