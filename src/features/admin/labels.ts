import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UserRole } from '@contract/define';
import type { SectionMeta } from './section';

export const GROUP_LABELS: Record<SectionMeta['group'], MessageDescriptor> = {
  reviews: msg`Reviews`,
  users: msg`Users`,
  content: msg`Content`,
  products: msg`Products`,
  service: msg`Customer service`,
  finance: msg`Finance`,
  audit: msg`Audit`,
};

export const ROLE_LABELS: Record<UserRole, MessageDescriptor> = {
  user: msg`User`,
  support: msg`Support`,
  admin: msg`Administrator`,
};

export const REVIEW_STATE_LABELS: Record<'review' | 'approved' | 'rejected', MessageDescriptor> = {
  review: msg`Waiting for review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

export const toneOf = (state: string): 'good' | 'bad' | 'wait' | undefined =>
  state === 'approved' || state === 'certified'
    ? 'good'
    : state === 'rejected' || state === 'failed'
      ? 'bad'
      : state === 'review'
        ? 'wait'
        : undefined;
