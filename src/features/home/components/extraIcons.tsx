import type { ReactNode } from 'react';
import {
  BankcardOutline,
  BillOutline,
  ClockCircleOutline,
  GlobalOutline,
  HandPayCircleOutline,
  LinkOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  SendOutline,
  SmileOutline,
  StarOutline,
} from 'antd-mobile-icons';

export type ExtraKey =
  | 'bills'
  | 'exchange'
  | 'mining'
  | 'game'
  | 'chat'
  | 'quickBuy'
  | 'defi'
  | 'cloud'
  | 'transfer'
  | 'ieo'
  | 'options'
  | 'borrow';

/** Icons of the entries shown only after "More". */
export const EXTRA_ICONS: Record<ExtraKey, ReactNode> = {
  bills: <BillOutline />,
  exchange: <LoopOutline />,
  mining: <LockOutline />,
  game: <SmileOutline />,
  chat: <MessageOutline />,
  quickBuy: <HandPayCircleOutline />,
  defi: <LinkOutline />,
  cloud: <GlobalOutline />,
  transfer: <SendOutline />,
  ieo: <StarOutline />,
  options: <ClockCircleOutline />,
  borrow: <BankcardOutline />,
};
