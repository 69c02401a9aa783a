import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { choice, decimal as wireDecimal, limit, page } from './domain/wire';

/**
 * Invite and rebate (SPEC.md "share, invite and rebate"). Each user has an invitation code; whoever
 * registers with it (`extension_code`) becomes the user's referee of the 1st generation, and the
 * referees of those referees are the 2nd generation.
 *
 * Rebates: of every trading fee a referee pays (spot fills, futures open, close, liquidation and
 * overnight fees), the published share of its generation goes to the referrer. They are paid once
 * an hour, for the fees recorded in the ledger during that hour, from the fee accounts that
 * received them to the referrer's legal (spot) account, in the currency of the fee, rounded down
 * to 8 decimals. The rates below are the ones the server pays: the screens show these constants.
 */

const decimal = wireDecimal();

/** The published rebate rates by generation: a share of the referee's fee (0.2 = 20 %). */
export const REBATE_RATES = [
  { generation: 1, rate: '0.2' },
  { generation: 2, rate: '0.1' },
] as const;
export const REBATE_GENERATIONS = REBATE_RATES.map((r) => r.generation);
export type RebateGeneration = (typeof REBATE_RATES)[number]['generation'];

/** Where a rebated fee was paid: spot (coin and stock fills) or futures. */
export const REBATE_SOURCES = ['spot', 'futures'] as const;
export type RebateSource = (typeof REBATE_SOURCES)[number];

/** How often rebates are paid: each hour, for the fees recorded in it. */
export const REBATE_PERIOD_MS = 3_600_000;

const generation = () => choice(REBATE_GENERATIONS);

export const inviteInfoSchema = z.object({
  invitation_code: z.string(),
  /** Invited users per generation (1st: registered with the code, 2nd: invited by those). */
  team: z.array(z.object({ generation: z.number().int(), count: z.number().int() })),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

/** A member of the team; the account is masked (`ab***@mail.com`, `138****5678`). */
export const teamMemberSchema = z.object({
  account: z.string(),
  generation: z.number().int(),
  joined_at: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const rebateRecordSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.string(),
  /** What the referee paid in fees during the hour, the rate and the rebate paid. */
  fee: decimal,
  rate: decimal,
  amount: decimal,
  generation: z.number().int(),
  source: z.enum(REBATE_SOURCES),
  /** The referee's masked account. */
  referee: z.string(),
  /** The hour the fees were paid in (start, epoch ms) and when the rebate was paid. */
  period_start: z.number().int(),
  created_at: z.number().int(),
});
export type RebateRecord = z.infer<typeof rebateRecordSchema>;

export const rebateTotalSchema = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  amount: decimal,
});
export type RebateTotal = z.infer<typeof rebateTotalSchema>;

/** The user's invitation code and team size per generation. */
export const inviteInfo = endpoint({
  method: 'GET',
  path: '/invite/info',
  auth: true,
  summary: "The user's invitation code and the number of invited users per generation",
  tags: ['invite'],
  request: z.object({}),
  response: inviteInfoSchema,
});

/** The user's invited users of one generation, newest first, accounts masked. */
export const inviteTeam = endpoint({
  method: 'GET',
  path: '/invite/team',
  auth: true,
  summary: "The user's invited users of one generation (masked accounts), newest first",
  tags: ['invite'],
  request: z.object({ page: page(), limit: limit(), generation: generation().default(1) }),
  response: pagedSchema(teamMemberSchema),
});

/** The rebates paid to the user, newest first. */
export const rebateRecords = endpoint({
  method: 'GET',
  path: '/invite/rebates',
  auth: true,
  summary: 'Rebates paid to the user, newest first',
  tags: ['invite'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(rebateRecordSchema),
});

/** Everything the user has received in rebates, per currency. */
export const rebateTotals = endpoint({
  method: 'GET',
  path: '/invite/rebate_totals',
  auth: true,
  summary: 'Rebates received in total, per currency',
  tags: ['invite'],
  request: z.object({}),
  response: z.array(rebateTotalSchema),
});
