import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { NftMessage } from '@contract/nft';
import { messageText } from './messages';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const message = (over: Partial<NftMessage>): NftMessage => ({
  id: 1,
  kind: 'outbid',
  artwork_id: 7,
  code: 'NFT1',
  name: 'Orbit I',
  order_id: null,
  price: '640',
  currency_name: 'USDT',
  read: false,
  created_at: 0,
  ...over,
});

describe('NFT message text', () => {
  it('keeps the title and the detail apart and names the currency of the amount', () => {
    expect(messageText(i18n, message({}))).toEqual({
      title: 'You have been outbid',
      detail: 'Orbit I: the highest bid is now 640 USDT',
    });
    expect(messageText(i18n, message({ kind: 'won', price: '130', currency_name: 'ETH' })).detail).toBe(
      'Orbit I: 130 ETH left to pay',
    );
    expect(messageText(i18n, message({ kind: 'payment_expired', price: '8' })).detail).toBe(
      'Orbit I: margin of 8 USDT forfeited',
    );
  });

  it('shows the name alone when the message has no amount', () => {
    expect(messageText(i18n, message({ kind: 'ending_soon', price: null }))).toEqual({
      title: 'Auction ends in 10 minutes',
      detail: 'Orbit I',
    });
  });
});
