import type { AppContext } from '../context';
import { inTransaction } from '../ledger/index';
import { applySaved, saveLiveSetting, type LiveSetting } from '../settings/live';
import { audit } from '../audit/index';

/**
 * Saves a console change to a running engine's live terms: locks the setting's row, writes the
 * audit row with before and after in the same transaction, and applies it in this process at once
 * (other processes on the database's announcement).
 */
export async function saveAudited<T>(
  ctx: AppContext,
  adminId: number,
  setting: LiveSetting<T>,
  action: string,
  change: (v: T) => T,
): Promise<T> {
  const now = ctx.now();
  const saved = await inTransaction(ctx.db, async (tx) => {
    const { before, after } = await saveLiveSetting(tx, setting, change, now);
    await audit(tx, {
      adminId,
      action,
      entity: setting.key,
      entityId: after.v,
      before: before.value,
      after: after.value,
      at: now,
    });
    return after;
  });
  applySaved(setting, saved);
  return saved.value;
}
