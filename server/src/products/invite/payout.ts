import { sql } from 'drizzle-orm';
import { REBATE_RATES, type RebateSource } from '@contract/invite';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { inviteRebates } from '../../db/schema/index';
import { Money, post, systemAccount, userAccount, type Tx } from '../../ledger/index';
import type { Period } from '../../scheduler/periods';
import { rows } from '../../db/rows';

/** Ledger kinds whose entries into the fee accounts are trading fees, and their source. */
export const FEE_SOURCES: Readonly<Partial<Record<LedgerKind, RebateSource>>> = {
  order_fill: 'spot',
  lever_open: 'futures',
  lever_fill: 'futures',
  lever_close: 'futures',
  lever_liquidation: 'futures',
  lever_overnight: 'futures',
};

/**
 * A period pays the fees recorded from `LAG_MS` before its start to `LAG_MS` before its end: the
 * job runs right after the period ends, and a fee transaction stamped just before the end may
 * still be committing then. Consecutive periods cover every instant once.
 */
export const LAG_MS = 5 * 60_000;

/** Rebates are rounded down to this many decimals (never more than the published share). */
const DECIMALS = 8;

/** What one referee paid in fees of one source and currency into one fee account shard. */
interface Paid {
  payer: number;
  currencyId: number;
  shard: number;
  demo: boolean;
  source: RebateSource;
  fee: Money;
}

/**
 * The fees recorded in `[from, to)`, by payer. A futures fee is paid by the transaction's user;
 * a spot fill settles two sides whose fees go to the fee accounts in the currency each side
 * received, so the payer of a fee is the user credited in that currency in the same transaction
 * (the house market maker has no user and pays no rebate).
 */
async function feesPaid(tx: Tx, from: Date, to: Date): Promise<Paid[]> {
  const kinds = Object.keys(FEE_SOURCES);
  const result = await rows(
    tx,
    sql`WITH fee AS (
          SELECT t.id AS tx_id, t.kind, t.user_id, t.demo, e.currency_id, a.shard, e.amount
          FROM ledger_transactions t
          JOIN ledger_entries e ON e.tx_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE t.created_at >= ${from.toISOString()} AND t.created_at < ${to.toISOString()}
            AND t.kind IN (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
            AND a.owner = 's:fees' AND a.type = 0
        ), paid AS (
          SELECT fee.*, CASE WHEN fee.kind = 'order_fill' THEN (
              SELECT a2.user_id FROM ledger_entries e2 JOIN ledger_accounts a2 ON a2.id = e2.account_id
              WHERE e2.tx_id = fee.tx_id AND e2.currency_id = fee.currency_id AND e2.bucket = 'available'
                AND e2.amount > 0 AND a2.user_id IS NOT NULL
              ORDER BY e2.id LIMIT 1
            ) ELSE fee.user_id END AS payer
          FROM fee
        )
        SELECT payer, currency_id, shard, demo,
          CASE WHEN kind = 'order_fill' THEN 'spot' ELSE 'futures' END AS source,
          sum(amount)::text AS fee
        FROM paid WHERE payer IS NOT NULL
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(amount) > 0`,
  );
  return result.map((r) => ({
    payer: Number(r.payer),
    currencyId: Number(r.currency_id),
    shard: Number(r.shard),
    demo: r.demo === true || r.demo === 't',
    source: r.source as RebateSource,
    fee: new Money(String(r.fee)),
  }));
}

/** Each user's referrer (`parent_id`), for the given users. */
async function parentsOf(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const result = await rows(
    tx,
    sql`SELECT id, parent_id FROM users WHERE parent_id IS NOT NULL AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(result.map((r) => [Number(r.id), Number(r.parent_id)]));
}

/**
 * The referrers of each payer by generation (1: the payer's referrer, 2: that one's). A chain
 * that comes back to someone already in it stops there: nobody earns from their own fees, and a
 * user is paid once per fee (registration only links a new account to an existing one, so a loop
 * can only come from a hand-edited database).
 */
async function ancestors(tx: Tx, payers: number[]): Promise<Map<number, number[]>> {
  const chains = new Map(payers.map((p) => [p, [] as number[]]));
  let level = new Map(payers.map((p) => [p, p]));
  for (let g = 0; g < REBATE_RATES.length && level.size > 0; g += 1) {
    const parents = await parentsOf(tx, [...new Set(level.values())]);
    const next = new Map<number, number>();
    for (const [payer, current] of level) {
      const parent = parents.get(current);
      const chain = chains.get(payer)!;
      if (parent === undefined || parent === payer || chain.includes(parent)) continue;
      chain.push(parent);
      next.set(payer, parent);
    }
    level = next;
  }
  return chains;
}

interface Rebate {
  userId: number;
  refereeId: number;
  generation: number;
  source: RebateSource;
  currencyId: number;
  demo: boolean;
  rate: string;
  fee: Money;
  amount: Money;
  /** What each fee account shard pays of `amount`. */
  shards: Map<number, Money>;
}

/**
 * Pays the rebates of one period: for every fee recorded in it, each generation's referrer gets
 * the published share, rounded down, from the fee account shard that received the fee (so a
 * rebate never exceeds what the fee accounts took in, and never creates money). One ledger
 * transaction per referrer (and demo flag), the records in the same database transaction; the
 * scheduler records the period in it too, so a period is paid exactly once.
 */
export async function payPeriod(tx: Tx, period: Period, now: Date): Promise<number> {
  const fees = await feesPaid(tx, new Date(period.start.getTime() - LAG_MS), new Date(period.end.getTime() - LAG_MS));
  if (fees.length === 0) return 0;
  const chains = await ancestors(tx, [...new Set(fees.map((f) => f.payer))]);
  const rebates = new Map<string, Rebate>();
  for (const f of fees) {
    const chain = chains.get(f.payer) ?? [];
    chain.forEach((userId, i) => {
      const { generation, rate } = REBATE_RATES[i]!;
      const share = f.fee.times(rate).toDecimalPlaces(DECIMALS, Money.ROUND_DOWN);
      const key = [userId, f.payer, generation, f.source, f.currencyId, f.demo].join('|');
      const r = rebates.get(key) ?? {
        userId,
        refereeId: f.payer,
        generation,
        source: f.source,
        currencyId: f.currencyId,
        demo: f.demo,
        rate,
        fee: new Money(0),
        amount: new Money(0),
        shards: new Map<number, Money>(),
      };
      r.fee = r.fee.plus(f.fee);
      r.amount = r.amount.plus(share);
      r.shards.set(f.shard, (r.shards.get(f.shard) ?? new Money(0)).plus(share));
      rebates.set(key, r);
    });
  }
  // One ledger transaction per referrer and demo flag, entries merged per account.
  const byUser = new Map<string, Rebate[]>();
  for (const r of rebates.values()) {
    if (r.amount.isZero()) continue;
    const key = `${r.userId}|${r.demo}`;
    byUser.set(key, [...(byUser.get(key) ?? []), r]);
  }
  let paid = 0;
  for (const list of byUser.values()) {
    const { userId, demo } = list[0]!;
    const from = new Map<string, { currencyId: number; shard: number; amount: Money }>();
    const to = new Map<number, Money>();
    for (const r of list) {
      for (const [shard, amount] of r.shards) {
        const k = `${r.currencyId}|${shard}`;
        const cur = from.get(k) ?? { currencyId: r.currencyId, shard, amount: new Money(0) };
        cur.amount = cur.amount.plus(amount);
        from.set(k, cur);
      }
      to.set(r.currencyId, (to.get(r.currencyId) ?? new Money(0)).plus(r.amount));
    }
    const entries = [
      ...[...from.values()]
        .filter((f) => !f.amount.isZero())
        .map((f) => ({ account: systemAccount('fees', f.currencyId, f.shard), amount: f.amount.negated() })),
      ...[...to].map(([currencyId, amount]) => ({ account: userAccount(userId, currencyId, 'legal'), amount })),
    ];
    const posted = await post(tx, {
      kind: 'invite_rebate',
      userId,
      demo,
      at: now,
      entries,
      meta: { period_start: period.start.getTime(), records: list.length },
    });
    for (let i = 0; i < list.length; i += 500) {
      await tx.insert(inviteRebates).values(
        list.slice(i, i + 500).map((r) => ({
          userId: r.userId,
          refereeId: r.refereeId,
          generation: r.generation,
          source: r.source,
          currencyId: r.currencyId,
          demo: r.demo,
          fee: r.fee.toFixed(),
          rate: r.rate,
          amount: r.amount.toFixed(),
          periodStart: period.start,
          txId: posted.txId,
          createdAt: now,
        })),
      );
    }
    paid += list.length;
  }
  return paid;
}
