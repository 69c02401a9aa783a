import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminOtcApplications, adminOtcReview } from '@contract/otc';
import type { ResponseOf } from '@contract/define';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { Fields, SectionPage } from '../components';
import { ReviewQueue } from '../reviews/ReviewQueue';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'otc-merchants',
  title: msg`OTC merchants`,
  group: 'reviews',
  roles: ['support', 'admin'],
  order: 6,
};

type Application = ResponseOf<typeof adminOtcApplications>['data'][number];

const at = (ms: number | null) => (ms === null ? '-' : formatDateTime(ms, activeBcp47()));

/** Merchant applications: an approved merchant may publish OTC ads (identity level 2 needed to apply). */
export default function OtcMerchants() {
  const { t } = useLingui();
  return (
    <SectionPage title={<Trans>OTC merchant applications</Trans>}>
      <ReviewQueue<Application>
        load={(status, page) => call(adminOtcApplications, { status, page, limit: 20 })}
        stateOf={(a) => a.state}
        columns={[
          { key: 'id', title: '#', render: (a) => a.id },
          { key: 'user', title: t`User`, render: (a) => `${a.nickname} (#${a.user_id})` },
          { key: 'level', title: t`Level`, render: (a) => a.level },
          { key: 'time', title: t`Submitted`, render: (a) => at(a.created_at) },
        ]}
        detail={(a) => (
          <Fields
            items={[
              [t`User`, `${a.nickname} (#${a.user_id})`],
              [t`Identity level`, a.level],
              [t`Introduction`, a.introduction || '-'],
              [t`Submitted`, at(a.created_at)],
              [t`Reviewed`, at(a.reviewed_at)],
              ...(a.reason ? [[t`Reason`, a.reason] as const] : []),
            ]}
          />
        )}
        approveConfirm={(a) => ({
          title: t`Approve ${a.nickname} as an OTC merchant?`,
          body: t`The merchant may publish buy and sell ads at once.`,
          reason: 'optional',
          confirmLabel: t`Approve`,
        })}
        decide={(a, action, reason) => call(adminOtcReview, { id: a.id, action, reason })}
      />
    </SectionPage>
  );
}
