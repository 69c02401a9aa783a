import { noteBalanceChange } from './balance-changes';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
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
  /** Set once read without a lock (`read`): the start balances are a snapshot. */
  read?: boolean;
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
  /** Ids reserved by `read` for the optimistic mode. */
  private readonly reservedTx: number[] = [];
  private readonly reservedHolds: number[] = [];

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

  /** The running available balance of a locked (or `read`) account. */
  available(ref: AccountRef): bigint {
    const account = this.account(ref, null);
    if (account.id === undefined && !account.read) throw new LedgerError(`account ${account.key} is not locked`);
    return account.available;
  }

  /**
   * Optimistic mode, for a writer that commits the whole batch as ONE statement outside a
   * transaction (the trading core): reads the balances of these accounts without locking them
   * (a missing account reads as empty) and reserves ids for the batch's transactions and new
   * holds, in one round trip together with the caller's `extra` (a scalar subquery; its value
   * is returned). `prepareDeltas` then writes with the balances as of its own statement and
   * refuses the whole statement if an account moved under the batch so that a bucket would go
   * below zero.
   */
  async read(
    db: Db | Tx,
    refs: AccountRef[],
    options: { txIds: number; holdIds: number; extra?: SQL },
  ): Promise<unknown> {
    const pending = [...new Set(refs.map((ref) => this.account(ref, null)))].filter((a) => !a.read);
    const key = (f: (a: Account) => unknown) => sql.param(pending.map(f));
    const res = (await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(json_build_array(a.id, a.owner, a.currency_id, a.type, a.shard,
          a.available::text, a.held::text, a.allow_negative)), '[]') FROM ledger_accounts a
        JOIN unnest(${key((a) => ownerOf(a.ref))}::varchar[], ${key((a) => a.ref.currencyId)}::int[],
          ${key((a) => typeIdOf(a.ref))}::smallint[], ${key((a) => shardOf(a.ref))}::smallint[]) AS v(owner, currency_id, type, shard)
        ON a.owner = v.owner AND a.currency_id = v.currency_id AND a.type = v.type AND a.shard = v.shard) AS accounts,
      (SELECT array_agg(nextval(pg_get_serial_sequence('ledger_transactions', 'id'))) FROM generate_series(1, ${options.txIds}::int)) AS tx,
      (SELECT array_agg(nextval(pg_get_serial_sequence('ledger_holds', 'id'))) FROM generate_series(1, ${options.holdIds}::int)) AS holds,
      ${options.extra ?? sql`NULL`} AS extra`)) as unknown as {
      rows: { accounts: unknown; tx: (string | number)[] | null; holds: (string | number)[] | null; extra: unknown }[];
    };
    const row = res.rows[0]!;
    const found = (typeof row.accounts === 'string' ? JSON.parse(row.accounts) : row.accounts) as [
      number,
      string,
      number,
      number,
      number,
      string,
      string,
      boolean,
    ][];
    for (const [id, owner, currencyId, type, shard, available, held, allowNegative] of found) {
      const account = this.accounts.get(`${owner}|${currencyId}|${type}|${shard}`);
      if (!account || account.read) continue;
      account.id = Number(id);
      account.allowNegative = allowNegative;
      account.startAvailable = toUnits(available);
      account.startHeld = toUnits(held);
      account.available += account.startAvailable;
      account.held += account.startHeld;
    }
    for (const a of pending) a.read = true;
    this.reservedTx.push(...(row.tx ?? []).map(Number).sort((a, b) => a - b));
    this.reservedHolds.push(...(row.holds ?? []).map(Number).sort((a, b) => a - b));
    return row.extra;
  }

  /** Users whose accounts the batch's entries touch (for the balance-change announcement). */
  changedUsers(): Set<number> {
    const users = new Set<number>();
    for (const t of this.txs)
      for (const e of t.entries) if (!('system' in e.account.ref)) users.add(e.account.ref.userId);
    return users;
  }

  /**
   * The writing of an optimistic (`read`) batch as named data-modifying CTEs, for ONE statement
   * that commits on its own: balances change by the batch's deltas, applied in the order of the
   * accounts' unique key by `INSERT … ON CONFLICT DO UPDATE` (which also creates missing
   * accounts), so concurrent postings queue as with `lock`; each entry's balance after is the
   * balance found by that statement plus the batch's running sum. `ok` is a condition the
   * caller's statement must fail without: every account was written and none that may not go
   * negative would, at any entry. Ids come from those `read` reserved (more are fetched if short).
   */
  async prepareDeltas(db: Db | Tx): Promise<{ ctes: SQL[]; ok: SQL }> {
    const newHolds = this.holds.filter((h) => h.isNew);
    if (this.txs.length === 0) return { ctes: [], ok: sql`true` };
    if (this.reservedTx.length < this.txs.length || this.reservedHolds.length < newHolds.length) {
      await this.read(db, [], {
        txIds: Math.max(0, this.txs.length - this.reservedTx.length),
        holdIds: Math.max(0, newHolds.length - this.reservedHolds.length),
      });
    }
    this.txs.forEach((t, i) => (t.id = this.reservedTx[i]!));
    newHolds.forEach((h, i) => (h.id = this.reservedHolds[i]!));

    // Each account's running sums relative to its balance when written, and how low they go.
    const rel = new Map<Account, { available: bigint; held: bigint; minAvailable: bigint; minHeld: bigint }>();
    const index = new Map<Account, number>();
    const entry = {
      tx: [] as number[],
      account: [] as number[],
      currency: [] as number[],
      bucket: [] as string[],
      amount: [] as string[],
      rel: [] as string[],
    };
    for (const t of this.txs) {
      for (const e of t.entries) {
        let r = rel.get(e.account);
        if (!r) {
          r = { available: 0n, held: 0n, minAvailable: 0n, minHeld: 0n };
          rel.set(e.account, r);
          index.set(e.account, index.size);
        }
        r[e.bucket] += e.amount;
        if (e.bucket === 'available' && r.available < r.minAvailable) r.minAvailable = r.available;
        if (e.bucket === 'held' && r.held < r.minHeld) r.minHeld = r.held;
        // An account read by the batch is checked here too: a refusal then is a bug in the caller.
        if (
          e.account.read &&
          !e.account.allowNegative &&
          e.account[`start${e.bucket === 'available' ? 'Available' : 'Held'}`] + r[e.bucket] < 0n
        ) {
          throw new LedgerError(`account ${e.account.key} would go below zero in ${e.bucket}`);
        }
        entry.tx.push(t.id);
        entry.account.push(index.get(e.account)!);
        entry.currency.push(e.account.ref.currencyId);
        entry.bucket.push(e.bucket);
        entry.amount.push(fromUnits(e.amount));
        entry.rel.push(fromUnits(r[e.bucket]));
      }
    }
    // Holds name their account by the same index (the account of a new or changed hold has entries).
    const accountIndex = (h: BatchHold) => {
      const i = index.get(h.ledgerAccount as Account);
      if (i === undefined) throw new LedgerError(`hold ${h.id} of an account without entries`);
      return i;
    };
    const accounts = [...rel.keys()];
    const col = <T>(f: (a: Account) => T) => sql.param(accounts.map(f));
    const at = this.at.toISOString();
    const ctes: SQL[] = [
      sql`l_in AS (SELECT * FROM unnest(${col((a) => index.get(a)!)}::int[], ${col((a) => ownerOf(a.ref))}::varchar[],
        ${col((a) => ('system' in a.ref ? null : a.ref.userId))}::int[], ${col((a) => a.ref.currencyId)}::int[],
        ${col((a) => typeIdOf(a.ref))}::smallint[], ${col((a) => shardOf(a.ref))}::smallint[],
        ${col((a) => 'system' in a.ref && NEGATIVE_ALLOWED.has(a.ref.system))}::boolean[],
        ${col((a) => fromUnits(rel.get(a)!.available))}::numeric[], ${col((a) => fromUnits(rel.get(a)!.held))}::numeric[],
        ${col((a) => fromUnits(-rel.get(a)!.minAvailable))}::numeric[], ${col((a) => fromUnits(-rel.get(a)!.minHeld))}::numeric[])
        AS v(idx, owner, user_id, currency_id, type, shard, allow_negative, da, dh, need_a, need_h))`,
      sql`l_acct AS (INSERT INTO ledger_accounts AS a (owner, user_id, currency_id, type, shard, allow_negative, available, held)
        SELECT owner, user_id, currency_id, type, shard, allow_negative OR da < 0 OR dh < 0, da, dh
        FROM l_in ORDER BY owner, currency_id, type, shard
        ON CONFLICT (owner, currency_id, type, shard) DO UPDATE SET available = a.available + excluded.available,
          held = a.held + excluded.held, updated_at = now()
        RETURNING a.id, a.owner, a.currency_id, a.type, a.shard, a.available, a.held)`,
      // The CHECK constraint is tested on the row proposed for insertion before the conflict is
      // found, so a negative delta proposes allow_negative; a new account that would need it is
      // refused by \`ok\`, which reads what the account may do from the batch (as \`lock\` creates it).
      sql`l_start AS (SELECT i.idx, a.id, a.available - i.da AS sa, a.held - i.dh AS sh, i.allow_negative, i.need_a, i.need_h
        FROM l_in i JOIN l_acct a ON a.owner = i.owner AND a.currency_id = i.currency_id AND a.type = i.type AND a.shard = i.shard)`,
      sql`l_tx AS (INSERT INTO ledger_transactions (id, kind, reason, user_id, demo, meta, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, kind, '', user_id, false, meta, ${at}::timestamptz FROM unnest(
          ${sql.param(this.txs.map((t) => t.id))}::bigint[], ${sql.param(this.txs.map((t) => t.kind))}::varchar[],
          ${sql.param(this.txs.map((t) => t.userId))}::int[],
          ${sql.param(this.txs.map((t) => JSON.stringify(t.meta)))}::jsonb[]) AS v(id, kind, user_id, meta))`,
      sql`l_entries AS (INSERT INTO ledger_entries (tx_id, account_id, currency_id, bucket, amount, balance_after)
        SELECT e.tx, s.id, e.currency, e.bucket, e.amount, CASE WHEN e.bucket = 'available' THEN s.sa ELSE s.sh END + e.rel
        FROM unnest(${sql.param(entry.tx)}::bigint[], ${sql.param(entry.account)}::int[], ${sql.param(entry.currency)}::int[],
          ${sql.param(entry.bucket)}::varchar[], ${sql.param(entry.amount)}::numeric[], ${sql.param(entry.rel)}::numeric[])
          WITH ORDINALITY AS e(tx, account, currency, bucket, amount, rel, ord)
        JOIN l_start s ON s.idx = e.account ORDER BY e.ord)`,
    ];
    const closed = (h: BatchHold) => h.status !== 'held';
    if (newHolds.length > 0) {
      const hcol = <T>(f: (h: BatchHold) => T) => sql.param(newHolds.map(f));
      ctes.push(sql`l_holds AS (INSERT INTO ledger_holds (id, account_id, amount, remaining, status, hold_tx_id, close_tx_id, created_at, closed_at)
        OVERRIDING SYSTEM VALUE
        SELECT v.id, s.id, v.amount, v.remaining, v.status, v.hold_tx, v.close_tx, ${at}::timestamptz,
          CASE WHEN v.close_tx IS NULL THEN NULL ELSE ${at}::timestamptz END
        FROM unnest(${hcol((h) => h.id)}::int[], ${hcol(accountIndex)}::int[], ${hcol((h) => fromUnits(h.amount))}::numeric[],
          ${hcol((h) => fromUnits(h.remaining))}::numeric[], ${hcol((h) => h.status)}::varchar[],
          ${hcol((h) => h.holdTx!.id)}::bigint[], ${hcol((h) => (closed(h) ? h.closeTx!.id : null))}::bigint[])
          AS v(id, account, amount, remaining, status, hold_tx, close_tx)
        JOIN l_start s ON s.idx = v.account)`);
    }
    const changed = this.holds.filter((h) => !h.isNew && h.changed);
    if (changed.length > 0) ctes.push(sql`l_holds_changed AS (${updateHolds(changed, this.at)})`);
    const ok = sql`(SELECT count(*) FROM l_start) = ${accounts.length}
      AND NOT EXISTS (SELECT 1 FROM l_start WHERE NOT allow_negative AND (sa < need_a OR sh < need_h))`;
    return { ctes, ok };
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

  /** Moves `amount` from available to held on `account` and opens a hold for it. */
  hold(account: AccountRef, amount: bigint, input: Omit<BatchPostInput, 'entries'>): BatchHold {
    if (amount <= 0n) throw new LedgerError('a hold must be positive');
    const holdTx = this.post({
      ...input,
      entries: [
        { account, bucket: 'available', amount: -amount },
        { account, bucket: 'held', amount },
      ],
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
