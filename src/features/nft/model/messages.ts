import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NftMessage, NftMessageKind } from '@contract/nft';
import { MESSAGE_LABELS } from './labels';

/** What each message says about its artwork and amount (the amount carries its currency). */
const DETAILS: Record<NftMessageKind, (name: string, amount: string) => MessageDescriptor> = {
  outbid: (name, amount) => msg`${name}: the highest bid is now ${amount}`,
  ending_soon: (name, amount) => msg`${name}: the highest bid is ${amount}`,
  won: (name, amount) => msg`${name}: ${amount} left to pay`,
  payment_due: (name, amount) => msg`${name}: ${amount} left to pay`,
  payment_expired: (name, amount) => msg`${name}: margin of ${amount} forfeited`,
  paid: (name, amount) => msg`${name}: paid ${amount}`,
  sold: (name, amount) => msg`${name}: sold for ${amount}`,
  bought: (name, amount) => msg`${name}: bought for ${amount}`,
  bid: (name, amount) => msg`${name}: your bid of ${amount} is the highest`,
  opened: (name) => msg`${name}: opened`,
};

/**
 * A message as two whole sentences, the title and its detail, so that no screen or screen reader
 * runs them together ("You have been outbidOrbit I · 640") and the amount always names its currency.
 */
export function messageText(i18n: I18n, m: NftMessage): { title: string; detail: string } {
  const title = i18n._(MESSAGE_LABELS[m.kind]);
  if (m.price === null) return { title, detail: m.name };
  const amount = `${m.price} ${m.currency_name}`;
  return { title, detail: i18n._(DETAILS[m.kind](m.name, amount)) };
}
