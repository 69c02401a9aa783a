// A second-factor reset's approval in a process of its own, for `security/factor-reset-kill.test.ts`:
// opens TARGET (`pglite:<dir>` or a PostgreSQL URL) and has admin ADMIN approve proposal RESET at
// NOW, then prints `done` (or `refused <key>`). With PAUSE set, it prints `written` once the
// approval's removals, notices, pause and audit row are written, before its transaction commits,
// and waits there (for a SIGKILL).
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { decideReset } from '../security/factor-reset';
import { openAfterKill } from './kill-support';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');
const now = new Date(Number(process.env.NOW));
const pause = process.env.PAUSE === '1';
const database = await openAfterKill(target);
// The database as the service sees it, its transactions held open before the commit when pausing.
const db = Object.create(database.db) as Db;
db.transaction = ((fn: (tx: unknown) => Promise<unknown>) =>
  database.db.transaction(async (tx) => {
    const result = await fn(tx);
    if (pause) {
      console.log('written');
      await new Promise(() => {});
    }
    return result;
  })) as Db['transaction'];
const ctx = { db, now: () => now } as unknown as AppContext;
try {
  await decideReset(ctx, Number(process.env.ADMIN), { id: Number(process.env.RESET), approve: true, reason: '' });
  console.log('done');
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.log(`refused ${err.key}`);
}
await database.close();
