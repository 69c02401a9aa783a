import { Decimal } from 'decimal.js';
import { MAX_TRAIL_PERCENT } from '@contract/domain/trailing';
import { followTrailBest, trailTriggerOf, type LeverTrail, type Position } from '@contract/futures';
import type { MessageKey } from '@contract/messages';
import { NUMBER } from './form';

/** How the trailing stop is typed: a percentage of the best mark, or a price distance from it. */
export type TrailMode = 'percent' | 'distance';

/** The sheet's trailing stop as typed; an empty value means none. */
export interface TrailDraft {
  mode: TrailMode;
  value: string;
}

/** What `/lever/setstop` is sent for the trailing stop: one field, or none (cleared). */
export interface CheckedTrail {
  trail_percent?: string;
  trail_distance?: string;
}

export interface TrailProblem {
  field: 'trail_percent' | 'trail_distance';
  key: MessageKey;
  values: Record<string, string>;
}

/** Where a trailing stop stands: its best mark and the trigger that follows it. */
export interface TrailPoint {
  best: string;
  trigger: string;
}

const PERCENT = /^(?:0|[1-9]\d?)(?:\.\d{1,2})?$/;

/** The draft of a position's trailing stop as the server has it (empty, percent, without one). */
export function trailDraftOf(p: Pick<Position, 'trail_percent' | 'trail_distance'>): TrailDraft {
  if (p.trail_distance !== null) return { mode: 'distance', value: p.trail_distance };
  return { mode: 'percent', value: p.trail_percent ?? '' };
}

const trailOf = (draft: TrailDraft): LeverTrail => ({
  percent: draft.mode === 'percent' ? draft.value.trim() : null,
  distance: draft.mode === 'distance' ? draft.value.trim() : null,
});

/** Whether the draft is the trail the position already has (the server then keeps its best mark). */
function isCurrent(p: Position, draft: TrailDraft): boolean {
  const sent = draft.value.trim();
  const had = draft.mode === 'percent' ? p.trail_percent : p.trail_distance;
  return had !== null && p.trail_best_price !== null && NUMBER.test(sent) && new Decimal(had).eq(sent);
}

/**
 * The trailing stop of the sheet, checked as `/lever/setstop` checks it: a percentage more than 0,
 * at most 50, two decimals; a distance positive, on the price grid, and for a long below the mark.
 * Empty clears it. Only an open position trails.
 */
export function checkTrail(
  p: Position,
  draft: TrailDraft,
  mark: string | null | undefined,
  priceDecimals: number,
): ({ ok: true } & CheckedTrail) | ({ ok: false } & TrailProblem) {
  const text = draft.value.trim();
  if (!text) return { ok: true };
  const field = draft.mode === 'percent' ? 'trail_percent' : 'trail_distance';
  if (p.status !== 'open') return { ok: false, field, key: 'lever_trail_pending', values: {} };
  if (!NUMBER.test(text) || new Decimal(text).lte(0))
    return { ok: false, field, key: 'amount_invalid', values: { field } };
  if (draft.mode === 'percent') {
    const ok = PERCENT.test(text) && new Decimal(text).lte(MAX_TRAIL_PERCENT);
    return ok ? { ok: true, trail_percent: text } : { ok: false, field, key: 'field_invalid', values: { field } };
  }
  const step = new Decimal(10).pow(-priceDecimals);
  if (!new Decimal(text).mod(step).isZero()) {
    return { ok: false, field, key: 'price_off_tick', values: { field, tick: step.toFixed() } };
  }
  if (p.type === 1 && mark && !isCurrent(p, draft) && new Decimal(text).gte(mark)) {
    return { ok: false, field, key: 'lever_trail_distance', values: { field, price: new Decimal(mark).toFixed() } };
  }
  return { ok: true, trail_distance: text };
}

/**
 * Where the drafted trailing stop would close the position now: the trail the position already
 * has goes on from its best mark (moved by the mark now); a new one starts from the mark. Null
 * while the draft is empty or not valid, or without a mark.
 */
export function previewTrail(
  p: Position,
  draft: TrailDraft,
  mark: string | null | undefined,
  priceDecimals: number,
): TrailPoint | null {
  const checked = checkTrail(p, draft, mark, priceDecimals);
  if (!checked.ok || (!checked.trail_percent && !checked.trail_distance) || !mark) return null;
  const start = isCurrent(p, draft) ? p.trail_best_price! : mark;
  const best = followTrailBest(p.type, start, mark, priceDecimals);
  return { best, trigger: trailTriggerOf(p.type, trailOf(draft), best, priceDecimals) };
}

/** An open position's trailing stop at the live mark (the server's until a better mark arrives). */
export function liveTrail(p: Position, mark: string | null | undefined, priceDecimals: number): TrailPoint | null {
  if (p.trail_best_price === null || p.trail_trigger_price === null) return null;
  if (p.status !== 'open' || !mark) return { best: p.trail_best_price, trigger: p.trail_trigger_price };
  const trail = { percent: p.trail_percent, distance: p.trail_distance };
  const best = followTrailBest(p.type, p.trail_best_price, mark, priceDecimals);
  return { best, trigger: trailTriggerOf(p.type, trail, best, priceDecimals) };
}
