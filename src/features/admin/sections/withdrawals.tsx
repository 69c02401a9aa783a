import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import { Fields, SectionPage } from '../components';
import { ReviewQueue } from '../reviews/ReviewQueue';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'withdrawals',
  title: msg`Withdrawals`,
  group: 'reviews',
  roles: ['admin'],
  order: 2,
};

type Withdrawal = ResponseOf<typeof admin.listWithdrawals>['data'][number];

/** Withdrawals held until review: approval pays them out, rejection releases the hold. */
export default function Withdrawals() {
  const { t } = useLingui();
  return (
    <SectionPage title={<Trans>Withdrawal reviews</Trans>}>
      <ReviewQueue<Withdrawal>
        load={(status, page) => call(admin.listWithdrawals, { status, page, limit: 20 })}
        stateOf={(r) => r.status}
        columns={[
          { key: 'id', title: '#', render: (r) => r.id },
          { key: 'account', title: t`Account`, render: (r) => r.account_number },
          {
            key: 'amount',
            title: t`Amount`,
            render: (r) => (
              <span className={styles.amount}>
                {r.amount} {r.currency}
              </span>
            ),
          },
          { key: 'method', title: t`Method`, render: (r) => r.network ?? r.method },
          { key: 'time', title: t`Submitted`, render: (r) => when(r.created_at) },
        ]}
        detail={(r) => (
          <Fields
            items={[
              [t`Account`, r.account_number],
              [
                t`Amount`,
                <span key="a" className={styles.amount}>
                  {r.amount} {r.currency}
                </span>,
              ],
              [t`Fee`, `${r.fee} ${r.currency}`],
              [t`Received`, `${r.received} ${r.currency}`],
              [t`Method`, r.network ? `${r.method} (${r.network})` : r.method],
              [t`Destination`, r.destination],
              [t`From`, r.account],
              [t`Submitted`, when(r.created_at)],
              [t`Reviewed`, when(r.reviewed_at)],
              ...(r.owner_frozen && r.status === 'review'
                ? [[t`Owner`, t`Withdrawals or account frozen: reject, or approve once the freeze is lifted`] as const]
                : []),
              ...(r.reason ? [[t`Reason`, r.reason] as const] : []),
            ]}
          />
        )}
        approveConfirm={(r) => ({
          title: t`Pay out ${r.received} ${r.currency} to ${r.destination}?`,
          body: t`The held amount leaves the user's balance for good. Check the destination first.`,
          reason: 'optional',
          typeToConfirm: `${r.amount} ${r.currency}`,
          confirmLabel: t`Approve and pay out`,
        })}
        rejectHint={t`The user sees this reason; the held amount returns to the balance.`}
        decide={(r, action, reason) => call(admin.reviewWithdrawal, { id: r.id, action, reason })}
      />
    </SectionPage>
  );
}
