import type { User } from '@contract/auth';
import type { UserRow } from '../db/schema/index';

const REAL_STATES = ['none', 'review', 'certified', 'failed'] as const;

const realState = (v: string): User['real_state'] =>
  (REAL_STATES as readonly string[]).includes(v) ? (v as User['real_state']) : 'none';

/** The user as the contract shows it: no hashes, empty strings for what is not set. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    account_number: row.accountNumber,
    nickname: row.nickname,
    head_portrait: row.headPortrait,
    signature: row.signature,
    email: row.email ?? '',
    phone: row.phone ?? '',
    area_code: row.areaCode ?? '',
    extension_code: row.invitationCode,
    parent_id: row.parentId,
    score: row.score,
    level: row.level,
    real_state: realState(row.realState),
    has_pay_password: row.payPasswordHash !== null,
    stay_logged_in: row.stayLoggedIn,
    created_at: row.createdAt.toISOString(),
  };
}
