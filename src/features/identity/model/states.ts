import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RealState } from '@contract/identity';

export const STATE_LABELS: Record<RealState, MessageDescriptor> = {
  none: msg`Not certified`,
  review: msg`Under review`,
  certified: msg`Certified`,
  failed: msg`Failed`,
};

export const STATE_COLORS = { none: 'default', review: 'warning', certified: 'success', failed: 'danger' } as const;

/** A level's form is offered when it was never submitted or failed, and level 2 only after level 1. */
export function canSubmit(level: 1 | 2, l1: RealState, l2: RealState): boolean {
  if (level === 1) return l1 === 'none' || l1 === 'failed';
  return l1 === 'certified' && (l2 === 'none' || l2 === 'failed');
}
