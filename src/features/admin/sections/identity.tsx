import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import { AdminImage, Fields, SectionPage } from '../components';
import { ReviewQueue, type ReviewState } from '../reviews/ReviewQueue';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'identity',
  title: msg`Identity`,
  group: 'reviews',
  roles: ['support', 'admin'],
  order: 3,
};

type Submission = ResponseOf<typeof admin.listIdentity>['data'][number];

const STATE_OF: Record<ReviewState, 'review' | 'certified' | 'failed'> = {
  review: 'review',
  approved: 'certified',
  rejected: 'failed',
};
const reviewState = (s: Submission['state']): string =>
  s === 'certified' ? 'approved' : s === 'failed' ? 'rejected' : s;

/** Identity submissions: level 1 document facts, level 2 the three pictures. */
export default function Identity() {
  const { t } = useLingui();
  const pictures = (s: Submission) =>
    [
      [t`Front`, s.front_pic],
      [t`Back`, s.reverse_pic],
      [t`Holding the document`, s.hand_pic],
    ].filter(([, src]) => src !== '');
  return (
    <SectionPage title={<Trans>Identity reviews</Trans>}>
      <ReviewQueue<Submission>
        load={(status, page) => call(admin.listIdentity, { status: STATE_OF[status], page, limit: 20 })}
        stateOf={(s) => reviewState(s.state)}
        columns={[
          { key: 'id', title: '#', render: (s) => s.id },
          { key: 'account', title: t`Account`, render: (s) => s.account_number },
          { key: 'level', title: t`Level`, render: (s) => s.real_type },
          { key: 'name', title: t`Name`, render: (s) => s.name || '-' },
          { key: 'time', title: t`Submitted`, render: (s) => when(s.created_at) },
        ]}
        detail={(s) => (
          <>
            <Fields
              items={[
                [t`Account`, s.account_number],
                [t`Level`, s.real_type],
                [t`Document`, s.id_type ?? '-'],
                [t`Name`, s.name || '-'],
                [t`Document number`, s.card_id || '-'],
                [t`Submitted`, when(s.created_at)],
                [t`Reviewed`, when(s.reviewed_at)],
                ...(s.reason ? [[t`Reason`, s.reason] as const] : []),
              ]}
            />
            {pictures(s).length > 0 && (
              <div className={styles.pictures}>
                {pictures(s).map(([label, src]) => (
                  <div key={label} className={styles.picture}>
                    {label}
                    <AdminImage src={src!} alt={label!} />
                  </div>
                ))}
              </div>
            )}
          </>
        )}
        approveConfirm={(s) => ({
          title: t`Certify submission #${s.id} of ${s.account_number}?`,
          body: t`The user's verification level rises at once.`,
          reason: 'optional',
          confirmLabel: t`Certify`,
        })}
        decide={(s, action, reason) => call(admin.reviewIdentity, { id: s.id, action, reason })}
      />
    </SectionPage>
  );
}
