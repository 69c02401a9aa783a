export { OrderBook, type Depth } from './order-book';
export type {
  CancelCommand,
  CancelReason,
  Command,
  EngineEvent,
  LimitCommand,
  MarketCommand,
  OwnerId,
  RestingOrder,
  Side,
} from './types';
