import type * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';

export type Detail = ResponseOf<typeof admin.userDetail>;
export type AuditEntry = ResponseOf<typeof admin.auditLog>['data'][number];
