import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { pagingRequest } from './fund';
import { id, requiredText, text } from './domain/wire';

/**
 * The console's view of a user's protections and the two-person reset of their second factor
 * (`server/src/security/factor-reset.ts`). Staff see which protections are on, never a secret
 * (no app secret, recovery code, passkey key or anti-phishing code). A reset is proposed by one
 * admin and approved by another within `FACTOR_RESET_HOURS`; each step is in the audit log
 * (entity `factor_reset`) and the applied reset is notified to the user, whose withdrawals then
 * pause for a day like after any credential change.
 */

/** How long a proposal waits for a second admin. */
export const FACTOR_RESET_HOURS = 24;

export const FACTOR_RESET_STATES = ['pending', 'applied', 'rejected', 'expired'] as const;
export type FactorResetState = (typeof FACTOR_RESET_STATES)[number];

export const factorResetSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  remove_totp: z.boolean(),
  remove_passkeys: z.boolean(),
  reason: z.string(),
  proposed_by: z.number().int(),
  proposed_by_account: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  state: z.enum(FACTOR_RESET_STATES),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string(),
});
export type FactorReset = z.infer<typeof factorResetSchema>;

export const protectionsSchema = z.object({
  user_id: z.number().int(),
  passkeys: z.array(z.object({ name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
  totp: z.object({ enabled: z.boolean(), since: z.string().nullable(), recovery_codes_left: z.number().int() }),
  whitelist: z.object({ on: z.boolean(), off_at: z.string().nullable() }),
  anti_phishing: z.boolean(),
  pay_password: z.boolean(),
  /** Withdrawals frozen by a "this wasn't me" link since this time. */
  withdraw_frozen_at: z.string().nullable(),
  /** Withdrawals paused after a credential change until this time. */
  withdraw_paused_until: z.string().nullable(),
  /** The newest reset proposals of this user (at most 10). */
  resets: z.array(factorResetSchema),
});
export type Protections = z.infer<typeof protectionsSchema>;

export const protections = endpoint({
  method: 'GET',
  path: '/admin/security/protections',
  auth: 'staff',
  summary: "Which protections a user has (never a secret) and the user's reset proposals",
  tags: ['admin'],
  request: z.object({ id: id() }),
  response: protectionsSchema,
});

export const listResets = endpoint({
  method: 'GET',
  path: '/admin/security/reset/list',
  auth: 'admin',
  summary: 'Second-factor reset proposals, newest first; by default those waiting for a second admin',
  tags: ['admin'],
  request: pagingRequest().extend({
    status: z.enum(['pending', 'all'], { error: 'field_invalid' }).default('pending'),
  }),
  response: pagedSchema(factorResetSchema),
});

const flag = () => z.enum(['0', '1'], { error: 'field_invalid' }).default('0');

export const proposeReset = endpoint({
  method: 'POST',
  path: '/admin/security/reset/propose',
  auth: 'admin',
  summary: "Propose removing a user's authenticator app and/or passkeys; another admin must approve",
  tags: ['admin'],
  request: z
    .object({
      user_id: id(),
      totp: flag(),
      passkeys: flag(),
      reason: requiredText({ multiline: true }),
    })
    .superRefine((v, ctx) => {
      if (v.totp === '0' && v.passkeys === '0') {
        ctx.addIssue({ code: 'custom', message: 'reset_nothing', path: ['totp'] });
      }
    }),
  response: factorResetSchema,
});

export const decideReset = endpoint({
  method: 'POST',
  path: '/admin/security/reset/decide',
  auth: 'admin',
  summary: 'Approve (applies the reset; not by its proposer) or reject a pending reset proposal',
  tags: ['admin'],
  request: z
    .object({
      id: id(),
      action: z.enum(['approve', 'reject'], { error: 'field_invalid' }),
      reason: text({ multiline: true, missing: 'field_invalid' }).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.action === 'reject' && v.reason === '') {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['reason'] });
      }
    }),
  response: factorResetSchema,
});
