import { z } from 'zod';
import { liveSetting } from '../../settings/live';

/**
 * OTC's live settings (SPEC.md section 6): a single fiat trade is at most 2,000 USDT at identity
 * level 1; level 2's limit is "not settled" in the spec, so it is a published setting the console
 * changes (audited), as is the order value above which an appeal decision needs two staff members.
 */
export const LEVEL1_LIMIT = '2000';

const positive = z.string().regex(/^(?=.*[1-9])\d{1,15}(\.\d{1,10})?$/);

export const otcTermsSchema = z.object({
  /** Most USDT value of one order at identity level 2. */
  level2Limit: positive,
  /** Appeal decisions on orders worth more than this (USDT) need a second staff member. */
  secondReviewAbove: positive,
});
export type OtcLiveTerms = z.infer<typeof otcTermsSchema>;

export const OTC_DEFAULTS: OtcLiveTerms = { level2Limit: '1000000', secondReviewAbove: '10000' };

export const otcTerms = liveSetting('product.otc', otcTermsSchema, OTC_DEFAULTS);

/** Single-trade limits by identity level (index = level): level 0 cannot trade. */
export const tradeLimits = (t: OtcLiveTerms = otcTerms.get()): string[] => ['0', LEVEL1_LIMIT, t.level2Limit];

export const limitOfLevel = (level: number, t: OtcLiveTerms = otcTerms.get()): string =>
  tradeLimits(t)[Math.min(Math.max(level, 0), 2)]!;
