import { settlementRef } from '@contract/record';
import type { LeafBody } from '@contract/domain/settlement-chain';
import type { AppendInput, SettlementTick } from '../../settlement-record/index';
import { partyHash } from '../../settlement-record/index';
import type { Due, Settlement } from './settle';
import { instrumentOfPair } from './service';

/**
 * The public record of settled seconds contracts: one record per pair of a settled batch, whose
 * leaves are its orders, one each (ref `seconds:<order id>`): everything `outcome()` takes
 * (direction, entry price, settlement price, stake, ratio) with the ticks' times and sources, the
 * staleness limit that voids an order, and the result and payout. Anyone recomputes an order's
 * outcome from its leaf alone and finds the leaf's hash in the chained record (`verifyLeaf`); one
 * record per batch instead of one per order keeps the chain's lock to a few rows per batch.
 * Each record keeps the feed trades its orders were decided from (`settlement_ticks`): every
 * entry trade and settlement trade, so anyone recomputes an outcome from the listed prices.
 * `due[i]` settled with `groups[groupOf[i] - 1]`.
 */
export function settlementRecords(
  due: readonly Due[],
  groupOf: readonly number[],
  groups: readonly Settlement[],
  input: { at: Date; staleMs: number },
): AppendInput[] {
  const at = input.at.getTime();
  const byPair = new Map<
    number,
    { pair: string; first: number; leaves: { ref: string; body: string }[]; ticks: Map<string, SettlementTick> }
  >();
  due.forEach((r, i) => {
    let record = byPair.get(r.pairId);
    if (!record) {
      const pair = instrumentOfPair(r.pairId)?.symbol ?? String(r.pairId);
      byPair.set(r.pairId, (record = { pair, first: r.id, leaves: [], ticks: new Map() }));
    }
    const g = groups[groupOf[i]! - 1]!;
    keepTick(record.ticks, { pair: record.pair, ts: r.openAt, price: r.openPrice, source: r.openSource });
    if (g.endPrice !== null && g.endAt !== null && g.endSource !== null) {
      keepTick(record.ticks, { pair: record.pair, ts: g.endAt, price: g.endPrice, source: g.endSource });
    }
    record.leaves.push({
      ref: settlementRef.seconds(r.id),
      body: orderLeafBody(r, g, record.pair, at, input.staleMs),
    });
  });
  return [...byPair.values()].map((record) => ({
    kind: 'seconds',
    pair: record.pair,
    at,
    ref: `seconds_batch:${record.first}`,
    data: { orders: record.leaves.length, stale_ms: input.staleMs },
    leaves: record.leaves,
    ticks: [...record.ticks.values()],
  }));
}

function keepTick(ticks: Map<string, SettlementTick>, t: SettlementTick): void {
  const key = `${t.ts}|${t.source}|${t.price}`;
  if (!ticks.has(key)) ticks.set(key, t);
}

/** An order's leaf: its record input (`leafBody` of it is the leaf's body). */
export function orderLeaf(r: Due, g: Settlement, pair: string, at: number, staleMs: number): LeafBody {
  return {
    kind: 'seconds',
    pair,
    at,
    ref: settlementRef.seconds(r.id),
    data: {
      order_id: r.id,
      owner: partyHash(r.userId, r.id),
      direction: r.type === 1 ? 'up' : 'down',
      stake: r.stake,
      ratio: r.ratio,
      open_price: r.openPrice,
      open_price_at: r.openAt,
      open_source: r.openSource,
      end_at: r.endAt,
      stale_ms: staleMs,
      end_price: g.endPrice,
      end_price_at: g.endAt,
      end_source: g.endSource,
      result: g.result,
      payout: g.payout,
      profit: g.profit,
    },
  };
}

const json = JSON.stringify;

/**
 * `leafBody(orderLeaf(...))` written out in its canonical key order: the generic encoder sorts the
 * keys of every object of every order, which cost as much as the rest of a batch's settlement.
 * The tests check the two are the same text, nulls included.
 */
export function orderLeafBody(r: Due, g: Settlement, pair: string, at: number, staleMs: number): string {
  const owner = partyHash(r.userId, r.id);
  const direction = r.type === 1 ? 'up' : 'down';
  return (
    `{"at":${int(at)},"data":{"direction":"${direction}","end_at":${int(r.endAt)},` +
    `"end_price":${json(g.endPrice)},"end_price_at":${g.endAt === null ? 'null' : int(g.endAt)},` +
    `"end_source":${json(g.endSource)},"open_price":${json(r.openPrice)},"open_price_at":${int(r.openAt)},` +
    `"open_source":${json(r.openSource)},"order_id":${int(r.id)},"owner":"${owner}","payout":${json(g.payout)},` +
    `"profit":${json(g.profit)},"ratio":${json(r.ratio)},"result":${json(g.result)},"stake":${json(r.stake)},` +
    `"stale_ms":${int(staleMs)}},"kind":"seconds","pair":${json(pair)},"ref":"seconds:${int(r.id)}"}`
  );
}

/** As the canonical encoder: only safe integers are numbers. */
function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return String(n);
}
