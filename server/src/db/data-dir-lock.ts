import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/** Who holds a data folder: written inside the lock so a refusal can name the holder. */
interface Holder {
  pid: number;
  since: string;
  command: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly holder: Holder | undefined,
  ) {
    const who = holder ? `process ${holder.pid} (${holder.command}, since ${holder.since})` : 'another process';
    super(
      `The data folder ${dir} is in use by ${who}.\n` +
        'The embedded database can be opened by one process at a time. Stop the server first, run this ' +
        'command, then start the server again; or make the change through the running server instead ' +
        '(with DATABASE_URL, PostgreSQL allows both at once).',
    );
  }
}

/**
 * Beside the lock, not inside: proper-lockfile watches the lock directory's mtime and would take
 * a file written into it for another process refreshing the lock.
 */
const holderFile = (lockPath: string) => `${lockPath}.holder.json`;

/** The holder of the current lock; a file older than the lock is a former holder's and ignored. */
async function readHolder(lockPath: string): Promise<Holder | undefined> {
  try {
    const [lock, file] = await Promise.all([stat(lockPath), stat(holderFile(lockPath))]);
    if (file.mtimeMs < lock.birthtimeMs) return undefined;
    const parsed = JSON.parse(await readFile(holderFile(lockPath), 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, since: String(parsed.since), command: String(parsed.command) }
      : undefined;
  } catch (err) {
    // The holder may not have written it yet (it has just taken the lock): then it is alive.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** Signal 0 checks a process exists; EPERM means it exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a data folder for this process, so a second process (say `npm run
 * admin:create` while the server runs) cannot open the same embedded database: two PGlite
 * instances on one folder do not see each other's writes and corrupt sequences. The lock is
 * `<dir>.lock` (proper-lockfile: an atomic mkdir, refreshed while held) and `<dir>.lock.holder.json`
 * names its process; a lock whose process is gone is taken over at once, without waiting for it to
 * age (proper-lockfile's own rule: not refreshed for 30 s).
 * Answers the release function.
 */
export async function lockDataDir(
  dir: string,
  onLost: (err: Error) => void,
  timing: { staleMs?: number; updateMs?: number } = {},
): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const lockPath = `${dir}.lock`;
  let release: () => Promise<void> = () => Promise.resolve();
  let closed = false;
  // A blocked event loop (a long migration on a busy machine) can miss a refresh; the lock is then
  // "compromised" and proper-lockfile stops holding it. Take it again rather than run unprotected;
  // only when someone else got it in between is it truly lost.
  const onCompromised = (err: Error) => {
    if (closed) return;
    lockfile.lock(dir, options).then(
      (again) => {
        release = again;
      },
      (relockErr: unknown) => onLost(new Error(`${err.message}; taking it again failed: ${String(relockErr)}`)),
    );
  };
  // Stale after 2 minutes without a refresh: generous for a busy machine, and a holder that died
  // is recognised at once by its pid below, whatever the age.
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: timing.staleMs ?? 120_000,
    update: timing.updateMs ?? 15_000,
    onCompromised,
  };
  try {
    release = await lockfile.lock(dir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = await readHolder(lockPath);
    if (!holder || isAlive(holder.pid)) throw new DataDirLockedError(dir, holder);
    await rm(lockPath, { recursive: true, force: true });
    release = await lockfile.lock(dir, options);
  }
  const holder: Holder = {
    pid: process.pid,
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  await writeFile(holderFile(lockPath), JSON.stringify(holder));
  return async () => {
    closed = true;
    await rm(holderFile(lockPath), { force: true });
    try {
      await release();
    } catch (err) {
      // Released already: the lock was compromised and could not be taken again (reported then).
      if ((err as NodeJS.ErrnoException).code !== 'ERELEASED') throw err;
    }
  };
}
