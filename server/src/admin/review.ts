import type { FastifyInstance } from 'fastify';
import { ACCOUNT_EVENT, accountEvent, type AccountChangeKind } from '@contract/user-events';
import { inTransaction, type Tx } from '../ledger/index';
import { signedIn, type HandlerContext } from '../plugins/contract';
import { audit } from '../audit/index';

export type Review = { id: number; action: 'approve' | 'reject'; reason: string };

/**
 * Runs one review decision and its audit row in a single transaction, so a decision never
 * exists without its record of who made it, when, and what changed.
 */
export async function reviewed<T>(
  h: HandlerContext,
  entity: string,
  input: Review,
  decide: (
    tx: Tx,
    args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
  ) => Promise<{ before: unknown; after: unknown } & T>,
): Promise<T & { before: unknown; after: unknown }> {
  const admin = signedIn(h).user;
  const now = h.ctx.now();
  return inTransaction(h.ctx.db, async (tx) => {
    const result = await decide(tx, {
      id: input.id,
      approve: input.action === 'approve',
      reason: input.reason,
      adminId: admin.id,
      now,
    });
    await audit(tx, {
      adminId: admin.id,
      action: `${entity}.${input.action}`,
      entity,
      entityId: input.id,
      reason: input.reason,
      before: result.before,
      after: result.after,
      at: now,
    });
    return result;
  });
}

/**
 * Tells the user's open screens that a decision was made, once it is committed: an event sent
 * inside the transaction could arrive before the row it announces is readable.
 */
export function announce(app: FastifyInstance, userId: number, kind: AccountChangeKind): void {
  app.realtime.emitToUser(userId, ACCOUNT_EVENT, accountEvent.parse({ type: ACCOUNT_EVENT, kind }));
}
