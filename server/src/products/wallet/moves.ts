import { AMOUNT_DECIMALS, EXCHANGE_WALLET, type WalletType } from '@contract/wallet';
import { AppError } from '../../errors';
import { Money, post, systemAccount, toWire, userAccount, type Tx } from '../../ledger/index';
import type { PriceSource } from '../../market/prices';
import { walletCurrency } from '../../market/currencies';

/** Published fee of the coin exchange: a share of the converted amount, in the received coin. */
export const EXCHANGE_FEE_RATE = '0.002';
/** Converted amounts and fees are rounded down to this many decimals (the fee never exceeds its rate). */
export const EXCHANGE_DECIMALS = 8;
/**
 * The smallest converted amount (in the received coin) exchanged: there, rounding what arrives
 * down to EXCHANGE_DECIMALS costs at most a tenth of the fee (10 x 1e-8 / 0.002 = 0.00005), so the
 * published fee holds. Below it, rounding alone would cost more than the fee (0.002 USDT to BTC
 * would lose half of it).
 */
export const MIN_EXCHANGE_GROSS = new Money(10).times(new Money(10).pow(-EXCHANGE_DECIMALS)).div(EXCHANGE_FEE_RATE);
/** The published price (units of `to` per `from`) carries this many decimals. */
const PRICE_DECIMALS = 10;

function knownCurrency(id: number, field: string) {
  const c = walletCurrency(id);
  if (!c) throw new AppError('field_invalid', { field });
  return c;
}

/** Moves `number` of a currency between two of the user's own accounts. */
export async function moveBetweenAccounts(
  tx: Tx,
  userId: number,
  input: { currency_id: number; number: string; from_field: WalletType; to_field: WalletType },
  at: Date,
) {
  knownCurrency(input.currency_id, 'currency_id');
  const number = toWire(input.number);
  const posted = await post(tx, {
    kind: 'transfer',
    reason: `${input.from_field} → ${input.to_field}`,
    userId,
    at,
    meta: { currency_id: input.currency_id, number, from_field: input.from_field, to_field: input.to_field },
    entries: [
      { account: userAccount(userId, input.currency_id, input.from_field), amount: `-${number}` },
      { account: userAccount(userId, input.currency_id, input.to_field), amount: number },
    ],
  });
  return {
    id: posted.txId,
    currency_id: input.currency_id,
    number,
    from_field: input.from_field,
    to_field: input.to_field,
    created_at: at.toISOString(),
  };
}

/** The terms `/user/getTransferFee` publishes and `/user/Transfer` applies. */
export function exchangeTerms(prices: PriceSource, fromId: number, toId: number) {
  knownCurrency(fromId, 'from_currency_id');
  knownCurrency(toId, 'to_currency_id');
  const from = prices.usdtPrice(fromId);
  const to = prices.usdtPrice(toId);
  // An exchange at a stale price would hand someone a free option; refuse until the feed is live.
  if (!from || !to || from.stale || to.stale) throw new AppError('price_unavailable');
  const price = new Money(from.price).div(to.price).toDecimalPlaces(PRICE_DECIMALS, Money.ROUND_DOWN);
  if (price.isZero()) throw new AppError('price_unavailable');
  const minNumber = MIN_EXCHANGE_GROSS.div(price).toDecimalPlaces(AMOUNT_DECIMALS, Money.ROUND_UP);
  return {
    from_currency_id: fromId,
    to_currency_id: toId,
    price: toWire(price),
    fee_rate: EXCHANGE_FEE_RATE,
    decimals: EXCHANGE_DECIMALS,
    min_number: toWire(minNumber),
    account: EXCHANGE_WALLET,
    ts: Math.min(from.ts, to.ts),
  };
}

/**
 * Exchanges with the house at the published terms: the user pays `number` of `from` to the
 * house, the house pays the converted amount of `to`, of which the fee goes to the fees account.
 */
export async function exchange(
  tx: Tx,
  userId: number,
  prices: PriceSource,
  input: { number: string; from_currency_id: number; to_currency_id: number },
  at: Date,
) {
  const terms = exchangeTerms(prices, input.from_currency_id, input.to_currency_id);
  const number = new Money(input.number);
  if (number.lt(terms.min_number)) throw new AppError('amount_too_small', { field: 'number' });
  const gross = number.times(terms.price).toDecimalPlaces(EXCHANGE_DECIMALS, Money.ROUND_DOWN);
  const fee = gross.times(EXCHANGE_FEE_RATE).toDecimalPlaces(EXCHANGE_DECIMALS, Money.ROUND_DOWN);
  const received = gross.minus(fee);
  const { from_currency_id: fromId, to_currency_id: toId } = input;
  const posted = await post(tx, {
    kind: 'exchange',
    reason: `exchange at ${terms.price}`,
    userId,
    at,
    meta: { ...terms, number: toWire(number), gross: toWire(gross), fee: toWire(fee) },
    entries: [
      { account: userAccount(userId, fromId, EXCHANGE_WALLET), amount: number.neg() },
      { account: systemAccount('house', fromId), amount: number },
      { account: systemAccount('house', toId), amount: gross.neg() },
      { account: userAccount(userId, toId, EXCHANGE_WALLET), amount: received },
      ...(fee.isZero() ? [] : [{ account: systemAccount('fees', toId), amount: fee }]),
    ],
  });
  return {
    ...terms,
    id: posted.txId,
    number: toWire(number),
    gross: toWire(gross),
    fee: toWire(fee),
    received: toWire(received),
    created_at: at.toISOString(),
  };
}
