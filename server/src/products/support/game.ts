import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { GAME_PAIR, GAME_POINTS, type GameDirection, type GameGuess } from '@contract/support';
import type { Db } from '../../db/client';
import { candles, gameGuesses, gameRounds, type GameGuessRow, type GameRoundRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Tx } from '../../ledger/types';
import { offsetOf, paged, type PageRequest } from '../../lib/paging';
import { instrumentBySymbol } from '../../market/catalog';
import { rows } from '../../db/rows';

/**
 * The mini game: each UTC day, guess whether BTC/USDT closes the day above or below its open.
 * Guesses are for the next day only (made before it opens, so nobody guesses knowing the day so
 * far); one per user and day. Points only, no money. A day is judged by the market's recorded
 * daily candle (open and close) once it has been over for `SETTLE_DELAY_MS`, exactly once: the
 * round row's key makes a second settlement find it done, and guesses move from `open` once.
 */

export const DAY_MS = 86_400_000;
/** Time after a day's end before it is judged, so the day's last trades are stored. */
export const SETTLE_DELAY_MS = 5 * 60_000;

const pairId = () => {
  const inst = instrumentBySymbol.get(GAME_PAIR);
  if (!inst) throw new Error(`${GAME_PAIR} is not in the catalogue`);
  return inst.id;
};

export const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

const plain = (v: string | null) => (v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

export const toGuess = (row: GameGuessRow, round?: GameRoundRow): GameGuess => ({
  day: row.day,
  direction: row.direction,
  status: row.status,
  points: row.points,
  open: plain(round?.open ?? null),
  close: plain(round?.close ?? null),
  created_at: row.createdAt.getTime(),
});

export async function placeGuess(db: Db, userId: number, direction: GameDirection, now: Date): Promise<GameGuess> {
  const day = dayStart(now.getTime()) + DAY_MS;
  const [row] = await db
    .insert(gameGuesses)
    .values({ userId, day, direction, status: 'open', points: 0, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('game_already_guessed');
  return toGuess(row);
}

async function roundsOf(db: Db, days: number[]): Promise<Map<number, GameRoundRow>> {
  if (days.length === 0) return new Map();
  const rows = await db.select().from(gameRounds).where(inArray(gameRounds.day, days));
  return new Map(rows.map((r) => [r.day, r]));
}

async function guessOn(db: Db, userId: number, day: number) {
  const [row] = await db
    .select()
    .from(gameGuesses)
    .where(and(eq(gameGuesses.userId, userId), eq(gameGuesses.day, day)));
  return row;
}

export async function pointsOf(db: Db, userId: number) {
  const [row] = await db
    .select({ points: sql<string>`coalesce(sum(${gameGuesses.points}), 0)` })
    .from(gameGuesses)
    .where(eq(gameGuesses.userId, userId));
  return Number(row?.points ?? 0);
}

/** 1 + players with more points; null without points. */
async function rankOf(db: Db, points: number): Promise<number | null> {
  if (points <= 0) return null;
  const [ahead] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT user_id FROM game_guesses
    GROUP BY user_id HAVING sum(points) > ${points}) t`,
  );
  return Number(ahead?.n ?? 0) + 1;
}

export async function today(db: Db, userId: number, now: Date) {
  const running = dayStart(now.getTime());
  const roundDay = running + DAY_MS;
  const [guess, current, points] = await Promise.all([
    guessOn(db, userId, roundDay),
    guessOn(db, userId, running),
    pointsOf(db, userId),
  ]);
  return {
    pair: GAME_PAIR,
    round_day: roundDay,
    closes_at: roundDay,
    guess: guess ? toGuess(guess) : null,
    running: current ? toGuess(current) : null,
    points,
    rank: await rankOf(db, points),
    points_per_win: GAME_POINTS,
  };
}

export async function history(db: Db, userId: number, p: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gameGuesses)
      .where(eq(gameGuesses.userId, userId))
      .orderBy(desc(gameGuesses.day))
      .limit(p.limit)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(gameGuesses).where(eq(gameGuesses.userId, userId)),
  ]);
  const rounds = await roundsOf(
    db,
    rows.map((r) => r.day),
  );
  return paged(
    rows.map((r) => toGuess(r, rounds.get(r.day))),
    total?.n ?? 0,
    p,
  );
}

export async function leaderboard(db: Db, p: PageRequest) {
  const offset = offsetOf(p);
  const board = await rows<{ name: string; points: number; wins: number }>(
    db,
    sql`SELECT u.nickname AS name, s.points::int AS points, s.wins::int AS wins
      FROM (SELECT user_id, sum(points) AS points, count(*) FILTER (WHERE status = 'won') AS wins
            FROM game_guesses GROUP BY user_id HAVING sum(points) > 0) s
      JOIN users u ON u.id = s.user_id
      ORDER BY s.points DESC, s.wins DESC, s.user_id
      LIMIT ${p.limit} OFFSET ${offset}`,
  );
  const [totals] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT user_id FROM game_guesses
      GROUP BY user_id HAVING sum(points) > 0) t`,
  );
  return paged(
    board.map((r, i) => ({ rank: offset + i + 1, name: r.name, points: Number(r.points), wins: Number(r.wins) })),
    totals?.n ?? 0,
    p,
  );
}

/**
 * Judges one day from the recorded daily candle, in the caller's transaction. Returns false when
 * the day was already judged (nothing changes then). No candle (nothing recorded that day): the
 * round is void and nobody gains or loses points.
 */
export async function settleDay(tx: Tx, day: number, now: Date): Promise<boolean> {
  const pair = pairId();
  const [candle] = await tx
    .select()
    .from(candles)
    .where(and(eq(candles.pairId, pair), eq(candles.period, '1day'), eq(candles.time, day)));
  const result = !candle
    ? 'void'
    : Number(candle.close) > Number(candle.open)
      ? 'up'
      : Number(candle.close) < Number(candle.open)
        ? 'down'
        : 'flat';
  const [round] = await tx
    .insert(gameRounds)
    .values({ day, pairId: pair, open: candle?.open ?? null, close: candle?.close ?? null, result, settledAt: now })
    .onConflictDoNothing()
    .returning();
  if (!round) return false;
  const open = and(eq(gameGuesses.day, day), eq(gameGuesses.status, 'open'));
  if (result === 'void' || result === 'flat') {
    await tx
      .update(gameGuesses)
      .set({ status: result === 'void' ? 'void' : 'tie' })
      .where(open);
  } else {
    await tx
      .update(gameGuesses)
      .set({
        status: sql`CASE WHEN ${gameGuesses.direction} = ${result} THEN 'won' ELSE 'lost' END`,
        points: sql`CASE WHEN ${gameGuesses.direction} = ${result} THEN ${GAME_POINTS} ELSE 0 END`,
      })
      .where(open);
  }
  return true;
}

/** The minute sweep: judges every day with open guesses that ended `SETTLE_DELAY_MS` ago. */
export async function settleDue(tx: Tx, now: Date): Promise<number> {
  const lastDay = dayStart(now.getTime() - SETTLE_DELAY_MS) - DAY_MS;
  const days = await tx
    .selectDistinct({ day: gameGuesses.day })
    .from(gameGuesses)
    .where(and(eq(gameGuesses.status, 'open'), lte(gameGuesses.day, lastDay)))
    .orderBy(gameGuesses.day)
    .limit(31);
  let settled = 0;
  for (const { day } of days) if (await settleDay(tx, day, now)) settled += 1;
  return settled;
}
