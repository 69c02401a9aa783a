import { noteBalanceChange } from './balance-changes';
import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { onShard, shardFor } from './shards';
import {
  keyOf,
  LedgerError,
  NEGATIVE_ALLOWED,
  ownerOf,
  shardOf,
  typeIdOf,
  type AccountRef,
  type Bucket,
  type Tx,
} from './types';

/**
 * Many ledger transactions written at once (the trading core's group commit): the same rules as
 * `post` (balanced per currency, no zero entries, no bucket of an account that may not go
 * negative below zero, the balance after each entry stored), computed in memory and written with
 * one multi-row statement per table. Amounts are integers of 10^-18 (the ledger's scale), so the
 * hot path needs no decimal library.
 */

const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** A stored decimal ("12.5", "-0.000001") as integer units of 10^-18. */
export function toUnits(value: string): bigint {
  const negative = value.startsWith('-');
  const plain = negative ? value.slice(1) : value;
  const [whole = '0', fraction = ''] = plain.split('.');
  if (fraction.length > SCALE || !/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) {
    throw new RangeError(`not a ledger amount: ${value}`);
  }
  const units = BigInt(whole || '0') * ONE + BigInt(fraction.padEnd(SCALE, '0') || '0');
  return negative ? -units : units;
}

/** Integer units of 10^-18 as a plain decimal without trailing zeros, as the wire carries it. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export interface BatchEntry {
  account: AccountRef;
  bucket: Bucket;
  /** Signed, in units of 10^-18; zero entries are dropped. */
  amount: bigint;
  /** The hold this entry takes from (set by `spend`), so the hold knows its closing transaction. */
  hold?: BatchHold;
}

export interface BatchPostInput {
  kind: LedgerKind;
  userId: number | null;
  entries: BatchEntry[];
  meta?: Record<string, unknown>;
}

interface Account {
  ref: AccountRef;
  key: string;
  /** Set once locked: the stored row and its balances then. */
  id?: number;
  allowNegative?: boolean;
  startAvailable: bigint;
  startHeld: bigint;
  /** Running balances: stored + posted so far (before locking: only what was posted). */
  available: bigint;
  held: bigint;
}

export interface PendingTx {
  id: number;
  kind: LedgerKind;
  userId: number | null;
  meta: Record<string, unknown>;
  entries: { account: Account; bucket: Bucket; amount: bigint }[];
}

/** A hold of the batch: made in it, or an open one of an earlier batch that it spends or releases. */
export interface BatchHold {
  /** Known for an existing hold; given by `write` for a new one. */
  id: number;
  account: AccountRef;
  amount: bigint;
  remaining: bigint;
  status: 'held' | 'released' | 'posted';
  isNew: boolean;
  /** The batch's account record, whose id is known once locked. */
  ledgerAccount: { id?: number };
  holdTx?: PendingTx;
  /** The last transaction that took from it: its closing transaction once it is empty. */
  lastTx?: PendingTx;
  closeTx?: PendingTx;
  changed: boolean;
}

export class LedgerBatch {
  private readonly accounts = new Map<string, Account>();
  private readonly txs: PendingTx[] = [];
  private readonly holds: BatchHold[] = [];

  constructor(readonly at: Date) {}

  private account(ref: AccountRef, userId: number | null): Account {
    const settled = onShard(ref, shardFor(userId));
    const key = keyOf(settled);
    let account = this.accounts.get(key);
    if (!account) {
      account = { ref: settled, key, startAvailable: 0n, startHeld: 0n, available: 0n, held: 0n };
      this.accounts.set(key, account);
    }
    return account;
  }

  /**
   * Creates missing accounts and row-locks those not yet locked by this batch, in one statement
   * in the order of their unique key (as `lockAccounts`). Balances posted before the lock are
   * added to the stored ones.
   */
  async lock(tx: Tx, refs: AccountRef[] = []): Promise<void> {
    for (const ref of refs) this.account(ref, null);
    const pending = [...this.accounts.values()].filter((a) => a.id === undefined);
    if (pending.length === 0) return;
    pending.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const res =
      (await tx.execute(sql`INSERT INTO ledger_accounts (owner, user_id, currency_id, type, shard, allow_negative)
      SELECT * FROM unnest(${sql.param(pending.map((a) => ownerOf(a.ref)))}::varchar[],
        ${sql.param(pending.map((a) => ('system' in a.ref ? null : a.ref.userId)))}::int[],
        ${sql.param(pending.map((a) => a.ref.currencyId))}::int[],
        ${sql.param(pending.map((a) => typeIdOf(a.ref)))}::smallint[],
        ${sql.param(pending.map((a) => shardOf(a.ref)))}::smallint[],
        ${sql.param(pending.map((a) => 'system' in a.ref && NEGATIVE_ALLOWED.has(a.ref.system)))}::boolean[])
      ON CONFLICT (owner, currency_id, type, shard) DO UPDATE SET owner = excluded.owner
      RETURNING id, owner, currency_id, type, shard, available, held, allow_negative`)) as unknown as {
        rows: {
          id: number;
          owner: string;
          currency_id: number;
          type: number;
          shard: number;
          available: string;
          held: string;
          allow_negative: boolean;
        }[];
      };
    for (const row of res.rows) {
      const account = this.accounts.get(`${row.owner}|${row.currency_id}|${row.type}|${row.shard}`);
      if (!account) throw new LedgerError(`locked an account the batch did not ask for: ${row.owner}`);
      account.id = Number(row.id);
      account.allowNegative = row.allow_negative;
      account.startAvailable = toUnits(row.available);
      account.startHeld = toUnits(row.held);
      account.available += account.startAvailable;
      account.held += account.startHeld;
    }
    for (const a of pending) if (a.id === undefined) throw new LedgerError(`account ${a.key} could not be locked`);
  }

  /** The running available balance of a locked account. */
  available(ref: AccountRef): bigint {
    const account = this.account(ref, null);
    if (account.id === undefined) throw new LedgerError(`account ${account.key} is not locked`);
    return account.available;
  }

  /** Adds one balanced transaction; its id is given by `write`. */
  post(input: BatchPostInput): PendingTx {
    const sums = new Map<number, bigint>();
    const entries = input.entries
      .filter((e) => e.amount !== 0n)
      .map((e) => {
        sums.set(e.account.currencyId, (sums.get(e.account.currencyId) ?? 0n) + e.amount);
        return { account: this.account(e.account, input.userId), bucket: e.bucket, amount: e.amount };
      });
    if (entries.length < 2) throw new LedgerError('a transaction needs at least two entries');
    for (const [currencyId, sum] of sums) {
      if (sum !== 0n) throw new LedgerError(`entries of currency ${currencyId} sum to ${fromUnits(sum)}, not 0`);
    }
    for (const e of entries) e.account[e.bucket] += e.amount;
    const pending: PendingTx = { id: 0, kind: input.kind, userId: input.userId, meta: input.meta ?? {}, entries };
    this.txs.push(pending);
    for (const e of input.entries) if (e.hold) e.hold.lastTx = pending;
    return pending;
  }

  /**
   * Moves `amount` from available to held on `account` and opens a hold for it. `also`: balanced
   * entries posted in the same transaction after the hold's two (a fee paid with it: one row fewer).
   */
  hold(
    account: AccountRef,
    amount: bigint,
    input: Omit<BatchPostInput, 'entries'>,
    also: BatchEntry[] = [],
  ): BatchHold {
    if (amount <= 0n) throw new LedgerError('a hold must be positive');
    const holdTx = this.post({
      ...input,
      entries: [{ account, bucket: 'available', amount: -amount }, { account, bucket: 'held', amount }, ...also],
    });
    const hold: BatchHold = {
      id: 0,
      account,
      ledgerAccount: this.account(account, input.userId),
      amount,
      remaining: amount,
      status: 'held',
      isNew: true,
      holdTx,
      changed: true,
    };
    this.holds.push(hold);
    return hold;
  }

  /** An open hold of an earlier batch, so this batch can spend or release it. */
  existingHold(id: number, account: AccountRef, amount: bigint, remaining: bigint): BatchHold {
    const hold: BatchHold = {
      id,
      account,
      ledgerAccount: this.account(account, null),
      amount,
      remaining,
      status: 'held',
      isNew: false,
      changed: false,
    };
    this.holds.push(hold);
    return hold;
  }

  /**
   * The entry that takes `amount` out of a hold (to be posted with the transaction that spends
   * it, such as a fill): the hold's remaining shrinks by as much.
   */
  spend(hold: BatchHold, amount: bigint): BatchEntry {
    if (hold.status !== 'held') throw new LedgerError(`hold ${hold.id} is already ${hold.status}`);
    if (amount > hold.remaining) {
      throw new LedgerError(`hold of ${fromUnits(hold.remaining)} cannot give ${fromUnits(amount)}`);
    }
    hold.remaining -= amount;
    hold.changed = true;
    return { account: hold.account, bucket: 'held', amount: -amount, hold };
  }

  /** Returns `amount` of a hold to available, as its own transaction. */
  release(hold: BatchHold, amount: bigint, input: Omit<BatchPostInput, 'entries'>): void {
    const out = this.spend(hold, amount);
    this.post({ ...input, entries: [out, { account: hold.account, bucket: 'available', amount }] });
  }

  /** Closes a hold that has nothing left: `posted` when it was spent, `released` when given back. */
  close(hold: BatchHold, status: 'released' | 'posted'): void {
    if (hold.remaining !== 0n) throw new LedgerError(`hold still has ${fromUnits(hold.remaining)}`);
    hold.status = status;
    hold.closeTx = hold.lastTx ?? hold.holdTx;
    hold.changed = true;
  }

  /**
   * Locks what is not locked yet, gives ids to the new transactions and holds, checks that no
   * bucket of an account that may not go negative does so at any entry, and writes transactions,
   * entries, balances and holds: one statement each.
   */
  async write(tx: Tx): Promise<void> {
    for (const statement of await this.prepare(tx)) await tx.execute(statement);
  }

  /**
   * `write` without the writing: locks, gives ids and checks, and returns the statements, so a
   * caller can send them together with its own rows as one statement (data-modifying CTEs).
   */
  async prepare(tx: Tx): Promise<SQL[]> {
    await this.lock(tx);
    const newHolds = this.holds.filter((h) => h.isNew);
    if (this.txs.length === 0) return [];
    const ids = (await tx.execute(sql`SELECT
      (SELECT array_agg(nextval(pg_get_serial_sequence('ledger_transactions', 'id'))) FROM generate_series(1, ${this.txs.length}::int)) AS tx,
      (SELECT array_agg(nextval(pg_get_serial_sequence('ledger_holds', 'id'))) FROM generate_series(1, ${newHolds.length}::int)) AS holds`)) as unknown as {
      rows: { tx: (string | number)[]; holds: (string | number)[] | null }[];
    };
    const txIds = ids.rows[0]!.tx.map(Number).sort((a, b) => a - b);
    const holdIds = (ids.rows[0]!.holds ?? []).map(Number).sort((a, b) => a - b);
    this.txs.forEach((t, i) => (t.id = txIds[i]!));
    newHolds.forEach((h, i) => (h.id = holdIds[i]!));

    const running = new Map<Account, { available: bigint; held: bigint }>();
    for (const a of this.accounts.values()) running.set(a, { available: a.startAvailable, held: a.startHeld });
    const entry = {
      tx: [] as number[],
      account: [] as number[],
      currency: [] as number[],
      bucket: [] as string[],
      amount: [] as string[],
      after: [] as string[],
    };
    for (const t of this.txs) {
      for (const e of t.entries) {
        const balance = running.get(e.account)!;
        balance[e.bucket] += e.amount;
        if (!e.account.allowNegative && balance[e.bucket] < 0n) {
          throw new LedgerError(`account ${e.account.key} would go below zero in ${e.bucket}`);
        }
        entry.tx.push(t.id);
        entry.account.push(e.account.id!);
        entry.currency.push(e.account.ref.currencyId);
        entry.bucket.push(e.bucket);
        entry.amount.push(fromUnits(e.amount));
        entry.after.push(fromUnits(balance[e.bucket]));
      }
    }
    const touched = [...running].filter(([a, b]) => b.available !== a.startAvailable || b.held !== a.startHeld);
    noteBalanceChange(
      tx,
      touched.flatMap(([a]) => ('system' in a.ref ? [] : [a.ref.userId])),
    );
    const at = this.at.toISOString();

    const statements: SQL[] = [];
    statements.push(sql`INSERT INTO ledger_transactions (id, kind, reason, user_id, demo, meta, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT id, kind, '', user_id, false, meta, ${at}::timestamptz FROM unnest(
        ${sql.param(this.txs.map((t) => t.id))}::bigint[], ${sql.param(this.txs.map((t) => t.kind))}::varchar[],
        ${sql.param(this.txs.map((t) => t.userId))}::int[],
        ${sql.param(this.txs.map((t) => JSON.stringify(t.meta)))}::jsonb[]) AS v(id, kind, user_id, meta)`);
    statements.push(sql`INSERT INTO ledger_entries (tx_id, account_id, currency_id, bucket, amount, balance_after)
      SELECT * FROM unnest(${sql.param(entry.tx)}::bigint[], ${sql.param(entry.account)}::int[],
        ${sql.param(entry.currency)}::int[], ${sql.param(entry.bucket)}::varchar[],
        ${sql.param(entry.amount)}::numeric[], ${sql.param(entry.after)}::numeric[])`);
    if (touched.length > 0) {
      statements.push(sql`UPDATE ledger_accounts AS a SET available = v.available, held = v.held, updated_at = now()
        FROM unnest(${sql.param(touched.map(([a]) => a.id!))}::int[],
          ${sql.param(touched.map(([, b]) => fromUnits(b.available)))}::numeric[],
          ${sql.param(touched.map(([, b]) => fromUnits(b.held)))}::numeric[]) AS v(id, available, held)
        WHERE a.id = v.id`);
    }
    if (newHolds.length > 0) statements.push(insertHolds(newHolds, this.at));
    const changed = this.holds.filter((h) => !h.isNew && h.changed);
    if (changed.length > 0) statements.push(updateHolds(changed, this.at));
    return statements;
  }
}

function insertHolds(holds: BatchHold[], at: Date): SQL {
  const closed = (h: BatchHold) => h.status !== 'held';
  return sql`INSERT INTO ledger_holds (id, account_id, amount, remaining, status, hold_tx_id, close_tx_id, created_at, closed_at)
    OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(${sql.param(holds.map((h) => h.id))}::int[], ${sql.param(holds.map((h) => h.ledgerAccount.id!))}::int[],
      ${sql.param(holds.map((h) => fromUnits(h.amount)))}::numeric[],
      ${sql.param(holds.map((h) => fromUnits(h.remaining)))}::numeric[],
      ${sql.param(holds.map((h) => h.status))}::varchar[], ${sql.param(holds.map((h) => h.holdTx!.id))}::bigint[],
      ${sql.param(holds.map((h) => (closed(h) ? h.closeTx!.id : null)))}::bigint[],
      ${sql.param(holds.map(() => at.toISOString()))}::timestamptz[],
      ${sql.param(holds.map((h) => (closed(h) ? at.toISOString() : null)))}::timestamptz[])`;
}

function updateHolds(holds: BatchHold[], at: Date): SQL {
  const closed = (h: BatchHold) => h.status !== 'held';
  return sql`UPDATE ledger_holds AS h SET remaining = v.remaining, status = v.status,
      close_tx_id = v.close_tx_id, closed_at = v.closed_at
    FROM unnest(${sql.param(holds.map((h) => h.id))}::int[], ${sql.param(holds.map((h) => fromUnits(h.remaining)))}::numeric[],
      ${sql.param(holds.map((h) => h.status))}::varchar[],
      ${sql.param(holds.map((h) => (closed(h) ? h.closeTx!.id : null)))}::bigint[],
      ${sql.param(holds.map((h) => (closed(h) ? at.toISOString() : null)))}::timestamptz[])
      AS v(id, remaining, status, close_tx_id, closed_at)
    WHERE h.id = v.id AND h.status = 'held'`;
}
