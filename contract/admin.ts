import { z } from 'zod';
import { USER_ROLES, endpoint } from './define';
import { pagedSchema } from './envelope';
import { REVIEW_STATES, pagingRequest, rechargeSchema, withdrawalSchema } from './fund';
import { ID_TYPES, REAL_STATES } from './identity';
import { id, requiredText, text } from './domain/wire';

/**
 * Back office under /api/admin: review queues for recharges, withdrawals and identity
 * submissions, users, system balances and the audit log. Staff (support or admin) review identity
 * and read users and the audit log; decisions that move money (recharges, withdrawals) or rights
 * (freezing, roles) are the admin role's. Every decision is written to the audit log with who,
 * when, what, and the record before and after. Nothing here edits a balance: approvals post
 * ledger transactions.
 */

export const REVIEW_ACTIONS = ['approve', 'reject'] as const;

const listRequest = () =>
  pagingRequest().extend({ status: z.enum(REVIEW_STATES, { error: 'field_invalid' }).default('review') });

/** A rejection needs a reason the user will see; an approval may carry a note. */
export const reviewRequest = () =>
  z
    .object({
      id: id(),
      action: z.enum(REVIEW_ACTIONS, { error: 'field_invalid' }),
      reason: text({ multiline: true, missing: 'field_invalid' }).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.action === 'reject' && v.reason === '') {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['reason'] });
      }
    });

const owner = { user_id: z.number().int(), account_number: z.string() };

export const adminRechargeSchema = rechargeSchema.extend(owner);
export const adminWithdrawalSchema = withdrawalSchema.extend(owner);

export const identitySubmissionSchema = z.object({
  id: z.number().int(),
  ...owner,
  real_type: z.number().int(),
  id_type: z.enum(ID_TYPES).nullable(),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  hand_pic: z.string(),
  state: z.enum(REAL_STATES),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export const listRecharges = endpoint({
  method: 'GET',
  path: '/admin/recharge/list',
  auth: 'admin',
  summary: 'Recharge requests by status (default: waiting for review), oldest first',
  tags: ['admin'],
  request: listRequest(),
  response: pagedSchema(adminRechargeSchema),
});

export const reviewRecharge = endpoint({
  method: 'POST',
  path: '/admin/recharge/review',
  auth: 'admin',
  summary: 'Approve (credit from external deposits through the ledger) or reject a recharge',
  tags: ['admin'],
  request: reviewRequest(),
  response: adminRechargeSchema,
});

export const listWithdrawals = endpoint({
  method: 'GET',
  path: '/admin/withdraw/list',
  auth: 'admin',
  summary: 'Withdrawals by status (default: waiting for review), oldest first',
  tags: ['admin'],
  request: listRequest(),
  // `owner_frozen`: the owner's withdrawals or account are frozen, so approval is refused.
  response: pagedSchema(adminWithdrawalSchema.extend({ owner_frozen: z.boolean() })),
});

export const reviewWithdrawal = endpoint({
  method: 'POST',
  path: '/admin/withdraw/review',
  auth: 'admin',
  summary: 'Approve (post the hold to external withdrawals) or reject (release the hold) a withdrawal',
  tags: ['admin'],
  request: reviewRequest(),
  response: adminWithdrawalSchema,
});

export const listIdentity = endpoint({
  method: 'GET',
  path: '/admin/identity/list',
  auth: 'staff',
  summary: 'Identity submissions by state (default: under review), oldest first',
  tags: ['admin'],
  request: pagingRequest().extend({ status: z.enum(REAL_STATES, { error: 'field_invalid' }).default('review') }),
  response: pagedSchema(identitySubmissionSchema),
});

export const reviewIdentity = endpoint({
  method: 'POST',
  path: '/admin/identity/review',
  auth: 'staff',
  summary: 'Certify or fail an identity submission',
  tags: ['admin'],
  request: reviewRequest(),
  response: identitySubmissionSchema,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
  /** The staff member's account number and nickname, for reading the log without a lookup. */
  admin_account: z.string(),
  admin_nickname: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});

export const auditLog = endpoint({
  method: 'GET',
  path: '/admin/audit/list',
  auth: 'staff',
  summary: 'The audit log of back-office actions, newest first; optionally of one entity (and id)',
  tags: ['admin'],
  request: pagingRequest().extend({
    entity: z
      .string({ error: 'field_invalid' })
      .trim()
      .regex(/^[a-z_]{0,32}$/, { error: 'field_invalid' })
      .default(''),
    entity_id: id().optional(),
  }),
  response: pagedSchema(auditEntrySchema),
});

/** The signed-in staff member: what the console shows in its header and which sections it offers. */
export const staffSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  role: z.enum(USER_ROLES),
});

export const me = endpoint({
  method: 'GET',
  path: '/admin/me',
  auth: 'staff',
  summary: 'The signed-in staff member (support or admin); 403 for anyone else',
  tags: ['admin'],
  request: z.object({}),
  response: staffSchema,
});

export const userSummarySchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  email: z.string().nullable(),
  area_code: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string(),
  role: z.enum(USER_ROLES),
  real_state: z.string(),
  level: z.number().int(),
  /** Set while the account is frozen: the reason the user is shown at login. */
  frozen_reason: z.string().nullable(),
  frozen_at: z.string().nullable(),
  created_at: z.string(),
});

export const listUsers = endpoint({
  method: 'GET',
  path: '/admin/user/list',
  auth: 'staff',
  summary: 'Users, newest first; `q` finds by account number, email or mobile (part of it)',
  tags: ['admin'],
  request: pagingRequest().extend({
    q: text({ max: 100, missing: 'field_invalid' }).default(''),
    frozen: z.enum(['all', 'frozen'], { error: 'field_invalid' }).default('all'),
  }),
  response: pagedSchema(userSummarySchema),
});

export const userDetail = endpoint({
  method: 'GET',
  path: '/admin/user/detail',
  auth: 'staff',
  summary: "A user's account, balances, recent sessions and identity state",
  tags: ['admin'],
  request: z.object({ id: id() }),
  response: z.object({
    user: userSummarySchema,
    balances: z.array(
      z.object({
        currency: z.string(),
        currency_id: z.number().int(),
        type: z.string(),
        available: z.string(),
        held: z.string(),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.number().int(),
        ip: z.string(),
        user_agent: z.string(),
        created_at: z.string(),
        last_seen_at: z.string(),
        revoked_at: z.string().nullable(),
      }),
    ),
    identity: z
      .object({ id: z.number().int(), state: z.enum(REAL_STATES), reason: z.string(), created_at: z.string() })
      .nullable(),
  }),
});

export const freezeUser = endpoint({
  method: 'POST',
  path: '/admin/user/freeze',
  auth: 'admin',
  summary: 'Freeze an account with a reason the user sees at login; its sessions end at once',
  tags: ['admin'],
  request: z.object({ id: id(), reason: requiredText({ multiline: true }) }),
  response: userSummarySchema,
});

export const unfreezeUser = endpoint({
  method: 'POST',
  path: '/admin/user/unfreeze',
  auth: 'admin',
  summary: 'Lift the freeze of an account',
  tags: ['admin'],
  request: z.object({ id: id(), reason: requiredText({ multiline: true }) }),
  response: userSummarySchema,
});

export const setUserRole = endpoint({
  method: 'POST',
  path: '/admin/user/role',
  auth: 'admin',
  summary: "Change an account's role (user, support, admin); never one's own",
  tags: ['admin'],
  request: z.object({
    id: id(),
    role: z.enum(USER_ROLES, { error: 'field_invalid' }),
    reason: requiredText({ multiline: true }),
  }),
  response: userSummarySchema,
});

export const systemBalances = endpoint({
  method: 'GET',
  path: '/admin/system/balances',
  auth: 'admin',
  summary: 'Balances of the system accounts (house, fees, deposits, escrows...), shards summed, per currency',
  tags: ['admin'],
  request: z.object({}),
  response: z.array(
    z.object({
      account: z.string(),
      currency: z.string(),
      currency_id: z.number().int(),
      available: z.string(),
      held: z.string(),
    }),
  ),
});
