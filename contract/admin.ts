import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { REVIEW_STATES, pagingRequest, rechargeSchema, withdrawalSchema } from './fund';
import { ID_TYPES, REAL_STATES } from './identity';
import { id, text } from './domain/wire';

/**
 * Back office under /api/admin: review queues for recharges, withdrawals and identity
 * submissions. Only accounts with the admin role; every decision is written to the audit log
 * with who, when, what, and the record before and after. Nothing here edits a balance: approvals
 * post ledger transactions.
 */

export const REVIEW_ACTIONS = ['approve', 'reject'] as const;

const listRequest = () =>
  pagingRequest().extend({ status: z.enum(REVIEW_STATES, { error: 'field_invalid' }).default('review') });

/** A rejection needs a reason the user will see; an approval may carry a note. */
const reviewRequest = () =>
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
  response: pagedSchema(adminWithdrawalSchema),
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
  auth: 'admin',
  summary: 'Identity submissions by state (default: under review), oldest first',
  tags: ['admin'],
  request: pagingRequest().extend({ status: z.enum(REAL_STATES, { error: 'field_invalid' }).default('review') }),
  response: pagedSchema(identitySubmissionSchema),
});

export const reviewIdentity = endpoint({
  method: 'POST',
  path: '/admin/identity/review',
  auth: 'admin',
  summary: 'Certify or fail an identity submission',
  tags: ['admin'],
  request: reviewRequest(),
  response: identitySubmissionSchema,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
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
  auth: 'admin',
  summary: 'The audit log of back-office actions, newest first',
  tags: ['admin'],
  request: pagingRequest(),
  response: pagedSchema(auditEntrySchema),
});
