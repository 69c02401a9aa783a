import type { Command, RestingOrder } from './types';

/** A positive integer that adds and multiplies exactly as a double (ticks, lots, ids, budgets). */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

const isSide = (side: unknown): boolean => side === 'buy' || side === 'sell';
const isOwner = (owner: unknown): boolean =>
  (typeof owner === 'number' && Number.isFinite(owner)) || (typeof owner === 'string' && owner.length > 0);
const isFlag = (flag: unknown): boolean => flag === undefined || typeof flag === 'boolean';

/** Whether a command is well formed; the book decides the rest (duplicate, unknown order). */
export function isValidCommand(cmd: Command): boolean {
  if (!isCount(cmd.orderId)) return false;
  switch (cmd.type) {
    case 'cancel':
      return true;
    case 'limit':
      return (
        isOwner(cmd.owner) &&
        isSide(cmd.side) &&
        isCount(cmd.price) &&
        isCount(cmd.qty) &&
        isFlag(cmd.ioc) &&
        isFlag(cmd.postOnly)
      );
    case 'market':
      if (!isOwner(cmd.owner) || !isSide(cmd.side)) return false;
      // A budget only bounds a buy: a sell is sized in lots.
      if (cmd.budget !== undefined) return cmd.qty === undefined && cmd.side === 'buy' && isCount(cmd.budget);
      return isCount(cmd.qty);
    default:
      return false;
  }
}

export function isValidResting(order: RestingOrder): boolean {
  return (
    isCount(order.orderId) && isOwner(order.owner) && isSide(order.side) && isCount(order.price) && isCount(order.qty)
  );
}
