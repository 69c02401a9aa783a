/** IEO rules: project views and states, subscription checks, project terms. No SQL here. */
import type { IeoOrder, IeoProject, IeoState } from '@contract/ieo';
import { IEO_AMOUNT_DECIMALS } from '@contract/ieo';
import type { Locale } from '@contract/domain/locales';
import type { IeoOrderRow, IeoProjectRow } from '../../db/schema/index';
import { textIn } from '../../lib/localized';
import { AppError } from '../../errors';
import { Money, toWire } from '../../ledger/index';
import { CATALOG } from '../../market/catalog';

const DAY_MS = 86_400_000;
const currencyById = new Map(CATALOG.currencies.map((c) => [c.id, c]));

/** Coins a project may sell and currencies it may be paid in: the catalogue's crypto currencies. */
export const isCoin = (id: number): boolean => currencyById.get(id)?.type === 'crypto';
export const nameOf = (id: number): string => currencyById.get(id)?.name ?? String(id);
const imageOf = (id: number): string => currencyById.get(id)?.image ?? '';

export function stateOf(p: Pick<IeoProjectRow, 'startAt' | 'endAt'>, now: Date): IeoState {
  if (now < p.startAt) return 'warmup';
  return now < p.endAt ? 'progress' : 'ended';
}

/** Coins are credited at the end of the lock period, or at listing when that comes first. */
export function creditAtOf(endAt: Date, lockDays: number, listingAt: Date | null): Date {
  const unlocked = new Date(endAt.getTime() + lockDays * DAY_MS);
  return listingAt && listingAt < unlocked ? listingAt : unlocked;
}

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

/** `lang` picks the texts; English (the row's columns) where that language has none. */
export function projectView(p: IeoProjectRow, now: Date, lang: Locale): IeoProject {
  return {
    id: p.id,
    name: textIn(p.texts, lang, 'name', p.name),
    intro: textIn(p.texts, lang, 'intro', p.intro),
    coin_id: p.coinId,
    coin_name: nameOf(p.coinId),
    image: imageOf(p.coinId),
    pay_currency: p.payCurrencyId,
    pay_currency_name: nameOf(p.payCurrencyId),
    price: toWire(p.price),
    total: toWire(p.total),
    min_amount: toWire(p.minAmount),
    max_amount: toWire(p.maxAmount),
    start_at: p.startAt.getTime(),
    end_at: p.endAt.getTime(),
    lock_days: p.lockDays,
    listing_at: ms(p.listingAt),
    credit_at: p.creditAt.getTime(),
    whitepaper: p.whitepaper,
    website: p.website,
    applied: toWire(p.applied),
    passed: p.passed === null ? null : toWire(p.passed),
    state: stateOf(p, now),
    allocated: p.status === 'allocated',
  };
}

const wireOrNull = (v: string | null) => (v === null ? null : toWire(v));

export function orderView(o: IeoOrderRow, p: IeoProjectRow, lang: Locale): IeoOrder {
  return {
    id: o.id,
    project_id: o.projectId,
    project_name: textIn(p.texts, lang, 'name', p.name),
    coin_name: nameOf(p.coinId),
    pay_currency_name: nameOf(p.payCurrencyId),
    price: toWire(o.price),
    amount: toWire(o.amount),
    pay: toWire(o.pay),
    passed: wireOrNull(o.passed),
    paid: wireOrNull(o.paid),
    refund: wireOrNull(o.refund),
    status: o.status,
    end_at: p.endAt.getTime(),
    credit_at: p.creditAt.getTime(),
    created_at: o.createdAt.getTime(),
    allocated_at: ms(o.allocatedAt),
    credited_at: ms(o.creditedAt),
  };
}

export interface Subscription {
  amount: string;
  pay_currency: number;
  price: string;
}

/**
 * The checks that need only the project as read: the window, what the user confirmed (price and
 * currency), the quantity's precision and minimum. Returns the payment (amount x price, exact:
 * at most 8 + 8 decimals, within the ledger's 18).
 */
export function checkSubscription(p: IeoProjectRow, s: Subscription, now: Date): string {
  const state = stateOf(p, now);
  if (state === 'warmup') throw new AppError('ieo_not_started', { field: 'project_id' });
  if (state === 'ended' || p.status !== 'open') throw new AppError('ieo_ended', { field: 'project_id' });
  if (s.pay_currency !== p.payCurrencyId) {
    throw new AppError('ieo_pay_currency', { field: 'pay_currency', values: { currency: nameOf(p.payCurrencyId) } });
  }
  const price = new Money(p.price);
  if (!new Money(s.price).eq(price)) {
    throw new AppError('ieo_price_changed', {
      field: 'price',
      values: { price: toWire(price), currency: nameOf(p.payCurrencyId) },
    });
  }
  const amount = new Money(s.amount);
  if (amount.decimalPlaces() > IEO_AMOUNT_DECIMALS) {
    throw new AppError('ieo_amount_decimals', { field: 'amount', values: { decimals: IEO_AMOUNT_DECIMALS } });
  }
  if (amount.lt(p.minAmount)) {
    throw new AppError('ieo_amount_min', {
      field: 'amount',
      values: { min: toWire(p.minAmount), coin: nameOf(p.coinId) },
    });
  }
  return amount.times(price).toFixed();
}

/** The per-user maximum over all of the user's subscriptions to the project. */
export function checkUserMaximum(p: IeoProjectRow, alreadyApplied: string, amount: string): void {
  const left = new Money(p.maxAmount).minus(alreadyApplied);
  if (new Money(amount).gt(left)) {
    throw new AppError('ieo_amount_max', {
      field: 'amount',
      values: { max: toWire(p.maxAmount), left: toWire(Money.max(left, 0)), coin: nameOf(p.coinId) },
    });
  }
}

export interface ProjectTerms {
  name: string;
  intro: string;
  coin_id: number;
  pay_currency: number;
  price: string;
  total: string;
  min_amount: string;
  max_amount: string;
  start_at: number;
  end_at: number;
  lock_days: number;
  listing_at?: number | undefined;
  whitepaper: string;
  website: string;
}

const decimalsOk = (v: string, d: number) => new Money(v).decimalPlaces() <= d;

/** Checks an admin's project terms and turns them into column values. */
export function projectColumns(t: ProjectTerms) {
  if (!isCoin(t.coin_id)) throw new AppError('field_invalid', { field: 'coin_id' });
  if (!isCoin(t.pay_currency) || t.pay_currency === t.coin_id) {
    throw new AppError('field_invalid', { field: 'pay_currency' });
  }
  for (const f of ['total', 'min_amount', 'max_amount'] as const) {
    if (!decimalsOk(t[f], IEO_AMOUNT_DECIMALS)) {
      throw new AppError('ieo_amount_decimals', { field: f, values: { decimals: IEO_AMOUNT_DECIMALS } });
    }
  }
  if (!decimalsOk(t.price, 8)) throw new AppError('ieo_amount_decimals', { field: 'price', values: { decimals: 8 } });
  if (new Money(t.min_amount).gt(t.max_amount) || new Money(t.max_amount).gt(t.total)) {
    throw new AppError('ieo_limits_invalid', { field: 'max_amount' });
  }
  if (t.end_at <= t.start_at) throw new AppError('ieo_times_invalid', { field: 'end_at' });
  if (t.listing_at !== undefined && t.listing_at < t.end_at) {
    throw new AppError('ieo_times_invalid', { field: 'listing_at' });
  }
  const endAt = new Date(t.end_at);
  const listingAt = t.listing_at === undefined ? null : new Date(t.listing_at);
  return {
    name: t.name,
    intro: t.intro,
    coinId: t.coin_id,
    payCurrencyId: t.pay_currency,
    price: t.price,
    total: t.total,
    minAmount: t.min_amount,
    maxAmount: t.max_amount,
    startAt: new Date(t.start_at),
    endAt,
    lockDays: t.lock_days,
    listingAt,
    creditAt: creditAtOf(endAt, t.lock_days, listingAt),
    whitepaper: t.whitepaper,
    website: t.website,
  };
}

/**
 * Whether `next` changes a term people paid under (coin, currency, price, amounts, times, lock
 * period); texts and the listing time may change at any time.
 */
export function termsChanged(before: IeoProjectRow, next: ReturnType<typeof projectColumns>): boolean {
  return (
    before.coinId !== next.coinId ||
    before.payCurrencyId !== next.payCurrencyId ||
    before.lockDays !== next.lockDays ||
    before.startAt.getTime() !== next.startAt.getTime() ||
    before.endAt.getTime() !== next.endAt.getTime() ||
    (['price', 'total', 'minAmount', 'maxAmount'] as const).some((k) => !new Money(before[k]).eq(next[k]))
  );
}
