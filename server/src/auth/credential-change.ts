import { sql } from 'drizzle-orm';
import { users } from '../db/schema/index';

/**
 * The value of `security_changed_at` for an update that sets `column`: now when it replaces a
 * value (a change), unchanged when it fills an empty one (a first binding is no takeover).
 */
export const changedIfReplacing = (
  column: typeof users.email | typeof users.phone | typeof users.payPasswordHash,
  now: Date,
) => sql`case when ${column} is null then ${users.securityChangedAt} else ${now.toISOString()}::timestamptz end`;
