import { ALERT_MAX_ACTIVE, type AlertKind, type PriceAlert } from '@contract/alerts';
import type { Db } from '../../db/client';
import type { PriceAlertRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, type Tx } from '../../ledger/index';
import { Money } from '../../ledger/money';
import { CATALOG, type Instrument } from '../../market/catalog';
import { notify } from '../../push/notify';
import { activeCount, deleteAlert, insertAlert, lockUser, recordFiring, setStatus, userAlert, type Tick } from './repo';
import type { Watched } from './watch';

export const instrumentById = new Map<number, Instrument>(CATALOG.instruments.map((i) => [i.id, i]));

/** A stored decimal as the wire shows it ("60000.000000000000000000" is "60000"). */
const plain = (v: string | null): string | null => (v === null ? null : new Money(v).toFixed());

export function alertView(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    pair_id: row.pairId,
    symbol: instrumentById.get(row.pairId)?.symbol ?? String(row.pairId),
    kind: row.kind,
    price: plain(row.price),
    percent: plain(row.percent),
    repeat: row.repeat,
    cooldown_minutes: row.cooldownMinutes,
    status: row.status,
    fired_count: row.firedCount,
    last_fired_at: row.lastFiredAt?.getTime() ?? null,
    last_fired_price: plain(row.lastFiredPrice),
    last_fired_change: plain(row.lastFiredChange),
    created_at: row.createdAt.getTime(),
  };
}

/** What the index keeps of an active alert. */
export function watchedOf(row: PriceAlertRow): Watched {
  return {
    id: row.id,
    pairId: row.pairId,
    kind: row.kind,
    key: Number(row.kind === 'change' ? row.percent : row.price),
    repeat: row.repeat,
    cooldownMs: row.cooldownMinutes * 60_000,
    lastFiredAt: row.lastFiredAt?.getTime() ?? null,
  };
}

export interface NewAlertInput {
  pairId: number;
  kind: AlertKind;
  price?: string | undefined;
  percent?: string | undefined;
  repeat: boolean;
  cooldownMinutes: number;
}

const limitReached = () => new AppError('alert_limit', { values: { max: ALERT_MAX_ACTIVE } });

/**
 * A new active alert. The user's row lock orders concurrent creates and resumes, so the count of
 * active alerts read here is the one the insert adds to: a burst never passes the limit.
 */
export async function createAlert(db: Db, userId: number, input: NewAlertInput, now: Date): Promise<PriceAlertRow> {
  return inTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    if ((await activeCount(tx, userId)) >= ALERT_MAX_ACTIVE) throw limitReached();
    return insertAlert(tx, {
      userId,
      pairId: input.pairId,
      kind: input.kind,
      price: input.kind === 'change' ? null : (input.price ?? null),
      percent: input.kind === 'change' ? (input.percent ?? null) : null,
      repeat: input.repeat,
      cooldownMinutes: input.cooldownMinutes,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
  });
}

const notFound = () => new AppError('record_not_found', { field: 'id' });

/** Pauses an active alert; a paused or fired one is answered as it is (a replay changes nothing). */
export async function pauseAlert(db: Db, userId: number, id: number, now: Date): Promise<PriceAlertRow> {
  const row = await inTransaction(
    db,
    async (tx) => (await setStatus(tx, userId, id, 'active', 'paused', now)) ?? (await userAlert(tx, userId, id)),
  );
  if (!row) throw notFound();
  return row;
}

/** Arms a paused or fired alert again, within the limit of active alerts; an active one is answered as it is. */
export async function resumeAlert(db: Db, userId: number, id: number, now: Date): Promise<PriceAlertRow> {
  return inTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    const row = await userAlert(tx, userId, id);
    if (!row) throw notFound();
    if (row.status === 'active') return row;
    if ((await activeCount(tx, userId)) >= ALERT_MAX_ACTIVE) throw limitReached();
    return (await setStatus(tx, userId, id, 'not_active', 'active', now)) ?? row;
  });
}

export async function removeAlert(db: Db, userId: number, id: number): Promise<PriceAlertRow> {
  const row = await inTransaction(db, (tx) => deleteAlert(tx, userId, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Fires one alert at a tick, at most once: the conditional update records the firing and the
 * notice (inbox and push) is written in the same transaction, so both commit together or not at
 * all. Returns the updated row, or undefined when the alert did not fire (paused, deleted, fired
 * by another evaluation, cooling down, or the tick no longer meets it).
 */
export async function fireAlert(tx: Tx, id: number, tick: Tick, now: Date): Promise<PriceAlertRow | undefined> {
  const row = await recordFiring(tx, id, tick, now);
  if (!row) return undefined;
  await notify(
    tx,
    row.userId,
    {
      type: 'trade.price_alert',
      alert_id: row.id,
      pair: instrumentById.get(row.pairId)?.symbol ?? String(row.pairId),
      kind: row.kind,
      target: plain(row.kind === 'change' ? row.percent : row.price) ?? '0',
      price: new Money(tick.price).toFixed(),
      change: new Money(tick.change).toFixed(),
    },
    now,
  );
  return row;
}
