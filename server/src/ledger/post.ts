import { sql } from 'drizzle-orm';
import { AppError } from '../errors';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/index';
import { lockAccounts } from './accounts';
import { noteBalanceChange } from './balance-changes';
import { money, Money } from './money';
import { onShard, shardFor } from './shards';
import { keyOf, LedgerError, type Bucket, type Posted, type PostInput, type Tx } from './types';

function assertBalanced(entries: { currencyId: number; amount: Money }[]): void {
  const sums = new Map<number, Money>();
  for (const e of entries) sums.set(e.currencyId, (sums.get(e.currencyId) ?? new Money(0)).plus(e.amount));
  for (const [currencyId, sum] of sums) {
    if (!sum.isZero()) throw new LedgerError(`entries of currency ${currencyId} sum to ${sum.toFixed()}, not 0`);
  }
}

function soleUser(input: Pick<PostInput, 'entries'>): number | null {
  const ids = new Set(input.entries.flatMap((e) => ('userId' in e.account ? [e.account.userId] : [])));
  return ids.size === 1 ? [...ids][0]! : null;
}

/**
 * Posts one balanced transaction inside `tx`: puts shared system accounts on the user's shard
 * (`shardFor`) unless an entry names one, locks the accounts, refuses with
 * `insufficient_balance` when a bucket that may not go negative would, writes the transaction,
 * its entries (with the balance after each) and the new balances. Throws LedgerError when the
 * entries do not sum to zero per currency or an amount is zero or not storable.
 */
export async function post(tx: Tx, input: PostInput): Promise<Posted> {
  if (input.entries.length < 2) throw new LedgerError('a transaction needs at least two entries');
  const userId = input.userId === undefined ? soleUser(input) : input.userId;
  const shard = shardFor(userId ?? soleUser(input));
  const entries = input.entries.map((e) => {
    const amount = money(e.amount);
    if (amount.isZero()) throw new LedgerError('zero entry');
    const account = onShard(e.account, shard);
    return {
      account,
      key: keyOf(account),
      bucket: e.bucket ?? ('available' as Bucket),
      amount,
      currencyId: account.currencyId,
    };
  });
  assertBalanced(entries);

  noteBalanceChange(
    tx,
    entries.flatMap((e) => ('userId' in e.account ? [e.account.userId] : [])),
  );
  const accounts = await lockAccounts(
    tx,
    entries.map((e) => e.account),
  );
  const balances = new Map(
    [...accounts].map(([key, row]) => [key, { available: new Money(row.available), held: new Money(row.held) }]),
  );
  const after = entries.map((e) => {
    const b = balances.get(e.key)!;
    b[e.bucket] = b[e.bucket].plus(e.amount);
    return b[e.bucket];
  });
  for (const [key, b] of balances) {
    if (!accounts.get(key)!.allowNegative && (b.available.isNegative() || b.held.isNegative())) {
      throw new AppError('insufficient_balance');
    }
  }

  const createdAt = input.at ?? new Date();
  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      reason: (input.reason ?? '').slice(0, 200),
      userId,
      demo: input.demo ?? false,
      meta: input.meta ?? {},
      createdAt,
    })
    .returning({ id: ledgerTransactions.id });
  if (!txRow) throw new LedgerError('transaction row not written');

  const rows = await tx
    .insert(ledgerEntries)
    .values(
      entries.map((e, i) => ({
        txId: txRow.id,
        accountId: accounts.get(e.key)!.id,
        currencyId: e.currencyId,
        bucket: e.bucket,
        amount: e.amount.toFixed(),
        balanceAfter: after[i]!.toFixed(),
      })),
    )
    .returning({ id: ledgerEntries.id });

  // One statement for all accounts: fewer round trips inside the locks.
  const values = sql.join(
    [...balances].map(
      ([key, b]) =>
        sql`(${accounts.get(key)!.id}::int, ${b.available.toFixed()}::numeric, ${b.held.toFixed()}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`UPDATE ${ledgerAccounts} AS a SET available = v.available, held = v.held, updated_at = now()
    FROM (VALUES ${values}) AS v(id, available, held) WHERE a.id = v.id`);

  return {
    txId: txRow.id,
    createdAt,
    entries: entries.map((e, i) => ({
      id: rows[i]!.id,
      accountId: accounts.get(e.key)!.id,
      account: e.account,
      bucket: e.bucket,
      amount: e.amount.toFixed(),
      balanceAfter: after[i]!.toFixed(),
    })),
  };
}
