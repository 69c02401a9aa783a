import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { adminPushBroadcast } from '@contract/push';
import { call } from '@/lib/http/client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { Panel, SectionPage } from '../components';
import { Note, ProductForm, type FieldSpec } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'push',
  title: msg`Push broadcast`,
  group: 'products',
  roles: ['admin'],
  order: 90,
};

/** A system announcement by push to every subscribed user who keeps system notices on. */
export default function PushSection() {
  const { t } = useLingui();
  const key = useIdempotencyKey();
  const [sent, setSent] = useState<{ users: number; title: string } | null>(null);
  const [round, setRound] = useState(0);

  const fields: FieldSpec[] = [
    { name: 'title', label: t`Title`, kind: 'text', wide: true, hint: t`At most 80 characters` },
    { name: 'body', label: t`Message`, kind: 'textarea', hint: t`At most 400 characters` },
    {
      name: 'route',
      label: t`Opens (optional)`,
      kind: 'text',
      wide: true,
      hint: t`A page of the app, starting with /; leave empty to open the app`,
    },
  ];

  return (
    <SectionPage title={<Trans>Push broadcast</Trans>}>
      <Panel title={<Trans>New announcement</Trans>}>
        <Note>
          <Trans>
            Sent to every user with push notifications on and system announcements allowed. It cannot be called back
            once sent.
          </Trans>
        </Note>
        {sent && (
          <Note>
            <span role="status">
              <Trans>
                “{sent.title}” was queued for {sent.users} users.
              </Trans>
            </span>
          </Note>
        )}
        <ProductForm
          key={round}
          fields={fields}
          schema={adminPushBroadcast.request}
          initial={{ title: '', body: '', route: '' }}
          submitLabel={<Trans>Send</Trans>}
          confirmTitle={t`Send this announcement to all subscribed users now?`}
          onSubmit={async (data) => {
            const reply = await call(adminPushBroadcast, data, { idempotencyKey: key.current() });
            key.renew();
            setSent({ users: reply.users, title: data.title });
          }}
          onSaved={() => setRound((n) => n + 1)}
        />
      </Panel>
    </SectionPage>
  );
}
