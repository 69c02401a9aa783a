import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '@contract/define';
import * as follow from '@contract/copytrade';
import { call } from '@/lib/http';
import { Fields, SectionPage } from '../components';
import { ReviewQueue } from '../reviews/ReviewQueue';
import { when } from '../reviews/format';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'traders',
  title: msg`Trader applications`,
  group: 'reviews',
  roles: ['support', 'admin'],
  order: 4,
};

type Application = ResponseOf<typeof follow.adminFollowList>['data'][number];

/** Applications to become a copy-trading trader, with the applicant's futures record. */
export default function Traders() {
  const { t } = useLingui();
  return (
    <SectionPage title={<Trans>Trader applications</Trans>}>
      <ReviewQueue<Application>
        load={(status, page) => call(follow.adminFollowList, { status, page, limit: 20 })}
        stateOf={(a) => a.state}
        columns={[
          { key: 'id', title: '#', render: (a) => a.id },
          { key: 'account', title: t`Account`, render: (a) => a.account_number },
          { key: 'orders', title: t`Closed orders`, render: (a) => a.closed_orders },
          { key: 'profit', title: t`Total profit`, render: (a) => a.total_profit },
          { key: 'time', title: t`Submitted`, render: (a) => when(a.created_at) },
        ]}
        detail={(a) => (
          <Fields
            items={[
              [t`Account`, a.account_number],
              [t`Introduction`, a.introduction || '-'],
              [t`Closed orders`, a.closed_orders],
              [t`Total profit`, `${a.total_profit} USDT`],
              [t`Submitted`, when(a.created_at)],
              [t`Reviewed`, when(a.reviewed_at)],
              ...(a.reason ? [[t`Reason`, a.reason] as const] : []),
            ]}
          />
        )}
        approveConfirm={(a) => ({
          title: t`Make ${a.account_number} a trader?`,
          body: t`Users can then follow this account's futures orders.`,
          reason: 'optional',
          confirmLabel: t`Approve`,
        })}
        decide={(a, action, reason) => call(follow.adminFollowReview, { id: a.id, action, reason })}
      />
    </SectionPage>
  );
}
