import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NftMessageKind, NftOrderState, NftType, SaleState } from '@contract/nft';

export const TYPE_LABELS: Record<NftType, MessageDescriptor> = {
  image: msg`Image`,
  gif: msg`GIF`,
  audio: msg`Audio`,
  video: msg`Video`,
  blind_box: msg`Blind box`,
};

/** Sale modes by `pay_type`. */
export const MODE_LABELS: Record<number, MessageDescriptor> = {
  1: msg`Fixed price`,
  2: msg`Auction`,
  3: msg`Blind box`,
};

export const SALE_LABELS: Record<SaleState, MessageDescriptor> = {
  not_started: msg`Not started`,
  started: msg`On sale`,
  ended: msg`Ended`,
};

/** A sale that took its buyer. */
export const SOLD_LABEL: MessageDescriptor = msg`Sold`;

export const ORDER_LABELS: Record<NftOrderState, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  expired: msg`Expired`,
};

export const MESSAGE_LABELS: Record<NftMessageKind, MessageDescriptor> = {
  outbid: msg`You have been outbid`,
  ending_soon: msg`Auction ends in 10 minutes`,
  won: msg`You won the auction`,
  payment_due: msg`Payment due within 1 hour`,
  payment_expired: msg`Payment expired: margin forfeited`,
  paid: msg`Payment received`,
  sold: msg`Your artwork was sold`,
  bought: msg`Purchase complete`,
  bid: msg`Your bid was placed`,
  opened: msg`Blind box opened`,
};
