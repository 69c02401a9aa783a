import type { ReactNode } from 'react';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import HandPayCircleOutline from 'antd-mobile-icons/es/HandPayCircleOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SmileOutline from 'antd-mobile-icons/es/SmileOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';

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
