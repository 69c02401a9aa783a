import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import { AdminImage, Fields, SectionPage } from '../components';
import { ReviewQueue } from '../reviews/ReviewQueue';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'recharges',
  title: msg`Recharges`,
  group: 'reviews',
  roles: ['admin'],
  order: 1,
};

type Recharge = ResponseOf<typeof admin.listRecharges>['data'][number];

/** Recharge requests with their payment voucher; an approval credits the user through the ledger. */
export default function Recharges() {
  const { t } = useLingui();
  return (
    <SectionPage title={<Trans>Recharge reviews</Trans>}>
      <ReviewQueue<Recharge>
        load={(status, page) => call(admin.listRecharges, { status, page, limit: 20 })}
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
          { key: 'network', title: t`Network`, render: (r) => r.network },
          { key: 'time', title: t`Submitted`, render: (r) => when(r.created_at) },
        ]}
        detail={(r) => (
          <>
            <Fields
              items={[
                [t`Account`, r.account_number],
                [
                  t`Amount`,
                  <span key="a" className={styles.amount}>
                    {r.amount} {r.currency}
                  </span>,
                ],
                [t`Network`, r.network],
                [t`Credited to`, r.account],
                [t`Submitted`, when(r.created_at)],
                [t`Reviewed`, when(r.reviewed_at)],
                ...(r.reason ? [[t`Reason`, r.reason] as const] : []),
              ]}
            />
            <div className={styles.picture}>
              <Trans>Payment voucher</Trans>
              <AdminImage src={r.voucher} alt={t`Payment voucher of request #${r.id}`} />
            </div>
          </>
        )}
        approveConfirm={(r) => ({
          title: t`Credit ${r.amount} ${r.currency} to ${r.account_number}?`,
          body: t`The amount is credited to the user's balance through the ledger at once. Check the voucher first.`,
          reason: 'optional',
          typeToConfirm: `${r.amount} ${r.currency}`,
          confirmLabel: t`Approve and credit`,
        })}
        decide={(r, action, reason) => call(admin.reviewRecharge, { id: r.id, action, reason })}
      />
    </SectionPage>
  );
}
