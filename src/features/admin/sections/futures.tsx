import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { LeverSettings } from '@contract/futures';
import { adminLeverSave, adminLeverSettings, LEVER_BOUNDS } from '@contract/futures';
import { call } from '@/lib/http/client';
import { apiErrorsShown } from '@/lib/submit';
import { AdminButton, Panel, SectionPage } from '../components';
import { Note, ProductForm, type FieldSpec } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'futures',
  title: msg`Futures parameters`,
  group: 'products',
  roles: ['admin'],
  order: 50,
};

/**
 * Leverage choices, fee, maintenance and overnight rates and lot limits shared by every futures
 * pair. Positions keep the rates they opened with; the bounds keep a new position's margin at
 * least twice its maintenance.
 */
export default function FuturesSection() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<LeverSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    call(adminLeverSettings).then(
      (s) => live && setSettings(s),
      (err: unknown) => {
        apiErrorsShown('futures settings')(err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const fields: FieldSpec[] = [
    {
      name: 'multiples',
      label: t`Leverage choices`,
      kind: 'text',
      wide: true,
      hint: t`Whole numbers from 1 to ${LEVER_BOUNDS.maxMultiple}, separated by commas, at most ${LEVER_BOUNDS.maxChoices}`,
    },
    { name: 'fee_rate', label: t`Fee rate (open and close)`, kind: 'decimal', hint: t`Of notional, at most 0.01` },
    {
      name: 'maintenance_rate',
      label: t`Maintenance margin rate`,
      kind: 'decimal',
      hint: t`0.001 to 0.1; highest leverage × rate at most 0.5`,
    },
    {
      name: 'overnight_rate',
      label: t`Overnight rate per day`,
      kind: 'decimal',
      hint: t`Of entry notional, at most 0.01`,
    },
    { name: 'min_lots', label: t`Least lots per order`, kind: 'integer' },
    { name: 'max_lots', label: t`Most lots per order`, kind: 'integer', hint: t`At most 100,000` },
  ];

  return (
    <SectionPage title={<Trans>Futures parameters</Trans>}>
      <Panel title={<Trans>Every futures pair</Trans>}>
        <Note>
          <Trans>
            New positions use these terms at once; open positions keep the rates they opened with. Lot sizes and the
            house&apos;s limit per side stay as published per pair.
          </Trans>
        </Note>
        {settings ? (
          <ProductForm
            fields={fields}
            schema={adminLeverSave.request}
            initial={{
              multiples: settings.multiples.join(', '),
              fee_rate: settings.fee_rate,
              maintenance_rate: settings.maintenance_rate,
              overnight_rate: settings.overnight_rate,
              min_lots: String(settings.min_lots),
              max_lots: String(settings.max_lots),
            }}
            confirmTitle={t`Change the futures terms for new positions?`}
            onSubmit={async (data) =>
              setSettings(await call(adminLeverSave, { ...data, multiples: data.multiples.join(',') }))
            }
          />
        ) : failed ? (
          <div role="alert">
            <p>
              <Trans>The settings could not be loaded.</Trans>
            </p>
            <AdminButton
              onClick={() => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }}
            >
              <Trans>Retry</Trans>
            </AdminButton>
          </div>
        ) : (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
      </Panel>
    </SectionPage>
  );
}
