import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { adminOtcSettings, adminOtcSettingsSave } from '@contract/otc';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import { AdminButton, Panel, SectionPage } from '../components';
import { Note, ProductForm, type FieldSpec } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'otc-settings',
  title: msg`OTC settings`,
  group: 'products',
  roles: ['admin'],
  order: 60,
};

type Settings = ResponseOf<typeof adminOtcSettings>;

/** OTC live settings: the level-2 single-trade limit and the value above which appeals need two staff members. */
export default function OtcSettingsSection() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    void call(adminOtcSettings, {}).then(
      (s) => {
        setSettings(s);
        setVersion((v) => v + 1);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(() => load(), [load]);

  const fields: FieldSpec[] = [
    {
      name: 'level2_limit',
      label: t`Single-trade limit at identity level 2 (USDT)`,
      kind: 'decimal',
      hint: t`The most one order of a level-2 user may be worth`,
    },
    {
      name: 'second_review_above',
      label: t`Second review above (USDT)`,
      kind: 'decimal',
      hint: t`Appeals on orders worth more need two different staff members`,
    },
  ];

  return (
    <SectionPage title={<Trans>OTC settings</Trans>}>
      <Panel title={<Trans>Limits and appeal review</Trans>}>
        {settings === null && !failed && (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {failed && (
          <p role="alert">
            <Trans>The settings did not load.</Trans>{' '}
            <AdminButton
              onClick={() => {
                setFailed(false);
                load();
              }}
            >
              <Trans>Retry</Trans>
            </AdminButton>
          </p>
        )}
        {settings && (
          <>
            <Note>
              <Trans>Changes apply at once to new orders and to decisions taken from now on.</Trans>
            </Note>
            <ProductForm
              key={version}
              fields={fields}
              schema={adminOtcSettingsSave.request}
              initial={{ ...settings }}
              confirmTitle={t`Save the OTC settings?`}
              onSubmit={(data) => call(adminOtcSettingsSave, data)}
              onSaved={load}
            />
          </>
        )}
      </Panel>
    </SectionPage>
  );
}
