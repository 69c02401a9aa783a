import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { scheduledRuns } from '../db/schema/index';
import { PERIOD_MS, periodsToRun, type Every, type Period } from './periods';
import { rows } from '../db/rows';

export { PERIOD_MS, lastFinished, type Every, type Period } from './periods';

export interface Job {
  /** Unique, e.g. `lock.daily_interest`. */
  name: string;
  every: Every;
  /**
   * The work of one finished period (called at or after `period.end`), inside `tx`. The scheduler
   * records the period in the same transaction, so the work commits exactly once.
   */
  run: (tx: Tx, period: Period) => Promise<void>;
  /**
   * After downtime: `each` runs every missed period in order (interest per day); `latest` only
   * the most recent (sweeps of everything due by now). Default `latest`.
   */
  catchUp?: 'each' | 'latest';
  /**
   * Work that may not run in a transaction (VACUUM): called outside any, by the process that ran
   * the period, once the period's transaction committed. Not retried: a failure is reported
   * (`onError`) and the period stays run.
   */
  after?: (db: Db, period: Period) => Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  now: () => Date;
  /** Tests run passes by hand (`runDue`); no timer. */
  manual?: boolean;
  /** How often to look for finished periods; a look that finds none costs no query. Default 1 s. */
  tickMs?: number;
  /** Missed periods a job makes up per pass (the rest on the next). Default 1000. */
  maxCatchUp?: number;
  /**
   * The names of the only jobs that run; others register but never run. Unset (production): every
   * job. A test app of one product names that product's jobs, so moving its clock by days does not
   * make every other product's `each` job catch up hour by hour. A name nobody registered fails the
   * first pass, so a misspelt name cannot leave a test without the job it meant.
   */
  jobs?: readonly string[];
  onError?: (err: unknown, job: string) => void;
}

/** Namespace of the advisory locks that keep a job to one process at a time. */
const SCHEDULER_LOCK = 0x5343_4844;
/** Rows of a job older than this many periods are pruned; only the latest matters. */
const KEEP_PERIODS = 100;

/**
 * The one scheduler for everything that happens at a time (DESIGN.md): daily yields, maturities,
 * sweeps of due items, statistics. Each job runs once per period: the period is recorded in
 * `scheduled_runs` in the transaction that does the work, so a crash before the commit leaves it
 * to run again and a commit is never repeated; several processes on one PostgreSQL database take
 * a transaction-level advisory lock per job, and the one that does not get it leaves the period
 * to the one that did. After downtime, missed periods run as the job's `catchUp` says.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  /** Per job, the start of the last period known to be done: a tick with nothing new costs nothing. */
  private readonly done = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly o: SchedulerOptions) {}

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (job.name.length > 64) throw new Error(`job name ${job.name} is longer than 64 characters`);
    this.jobs.set(job.name, job);
  }

  /** Runs what is due now and then on every tick (unless manual). */
  start(): void {
    if (this.o.manual || this.timer || this.stopped) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.o.tickMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for a running pass. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Stopping still waits for a pass that fails; its error goes to `onError` (the timer's own
    // report of it may come too: a second line about a misconfigured `jobs` list loses nothing).
    await this.running?.catch((err: unknown) => this.o.onError?.(err, 'scheduler'));
  }

  private kick(): void {
    // Failures of jobs are reported per job inside the pass; a pass rejects only when `jobs` names
    // a job that is not registered.
    this.runDue().catch((err: unknown) => this.o.onError?.(err, 'scheduler'));
  }

  /**
   * One pass over every job: runs each finished period not yet run. One pass at a time; a call
   * during a pass runs another after it. Resolves with the number of periods this call ran.
   */
  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running.then(() => this.runDue());
    }
    const pass = (async () => {
      const jobs = this.selected();
      let ran = 0;
      do {
        this.again = false;
        for (const job of jobs) ran += await this.runJob(job);
      } while (this.again && !this.stopped);
      return ran;
    })();
    this.running = pass;
    // The caller sees a failed pass; here it only ends the pass.
    const ended = () => {
      if (this.running === pass) this.running = null;
    };
    void pass.then(ended, ended);
    return pass;
  }

  /** The jobs a pass runs: every registered one, or those `jobs` names. */
  private selected(): Job[] {
    const only = this.o.jobs;
    if (!only) return [...this.jobs.values()];
    const unknown = only.filter((name) => !this.jobs.has(name));
    if (unknown.length > 0) throw new Error(`jobs ${unknown.join(', ')} are not registered`);
    return [...this.jobs.values()].filter((job) => only.includes(job.name));
  }

  private async runJob(job: Job): Promise<number> {
    const now = this.o.now();
    const len = PERIOD_MS[job.every];
    const known = this.done.get(job.name);
    if (known !== undefined && known + 2 * len > now.getTime()) return 0;
    let ran = 0;
    try {
      // A plan made outside the lock can be overtaken: planned from no history, while another
      // process was committing the job's first period. Under the lock the period is checked to
      // follow the last recorded one; if not, the job plans again from what is recorded.
      for (let plans = 0; plans < 3; plans++) {
        const last = await this.lastStart(this.o.db, job.name);
        const periods = periodsToRun(job.every, now, last, job.catchUp ?? 'latest', this.o.maxCatchUp ?? 1000);
        if (periods.length === 0 && last) this.done.set(job.name, last.getTime());
        let replan = false;
        for (const period of periods) {
          const outcome = await this.runPeriod(job, period, now);
          if (outcome === 'busy') return ran;
          if (outcome === 'behind') {
            replan = true;
            break;
          }
          if (outcome === 'ran') {
            ran += 1;
            if (job.after) await this.runAfter(job.name, job.after, period);
          }
          this.done.set(job.name, period.start.getTime());
        }
        if (!replan) break;
      }
    } catch (err) {
      // The failed period was not recorded: it runs again on the next tick.
      this.o.onError?.(err, job.name);
    }
    return ran;
  }

  private async runAfter(name: string, after: NonNullable<Job['after']>, period: Period): Promise<void> {
    try {
      await after(this.o.db, period);
    } catch (err) {
      this.o.onError?.(err, name);
    }
  }

  private async lastStart(db: Db | Tx, name: string): Promise<Date | null> {
    const [row] = await db
      .select({ start: scheduledRuns.periodStart })
      .from(scheduledRuns)
      .where(eq(scheduledRuns.job, name))
      .orderBy(desc(scheduledRuns.periodStart))
      .limit(1);
    return row?.start ?? null;
  }

  /**
   * `busy`: another process holds the job; `done`: someone already ran this period; `behind`: a
   * job that makes up each period has an unrun period before this one (plan again).
   */
  private runPeriod(job: Job, period: Period, now: Date): Promise<'ran' | 'done' | 'busy' | 'behind'> {
    return this.o.db.transaction(async (tx) => {
      const [lock] = await rows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK}, hashtext(${job.name})) as locked`,
      );
      if (!lock?.locked) return 'busy';
      if (job.catchUp === 'each') {
        const last = await this.lastStart(tx, job.name);
        if (last && last.getTime() + PERIOD_MS[job.every] < period.start.getTime()) return 'behind';
      }
      const inserted = await tx
        .insert(scheduledRuns)
        .values({ job: job.name, periodStart: period.start, periodEnd: period.end, ranAt: now })
        .onConflictDoNothing()
        .returning({ job: scheduledRuns.job });
      if (inserted.length === 0) return 'done';
      await job.run(tx, period);
      const keepFrom = new Date(period.start.getTime() - KEEP_PERIODS * PERIOD_MS[job.every]);
      await tx
        .delete(scheduledRuns)
        .where(and(eq(scheduledRuns.job, job.name), lt(scheduledRuns.periodStart, keepFrom)));
      return 'ran';
    });
  }
}
