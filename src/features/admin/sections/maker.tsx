import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { MakerSettings } from '@contract/trade';
import { adminMakerPair, adminMakerSave, adminMakerSettings, MAKER_BOUNDS } from '@contract/trade';
import { call } from '@/lib/http/client';
import { apiErrorsShown } from '@/lib/submit';
import { AdminButton, PagedTable, Panel, SectionPage, Tag, useConfirm, type Column } from '../components';
import { Note, onePage, ProductForm, type FieldSpec } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'maker',
  title: msg`Market maker`,
  group: 'products',
  roles: ['admin'],
  order: 60,
};

type Pair = MakerSettings['pairs'][number];

/**
 * The house market maker: on or off, spread, depth and inventory limit, and a pause per pair. It
 * quotes both sides at published terms and trades only at its own quotes; nothing here concerns a
 * user or an order.
 */
export default function MakerSection() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<MakerSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [version, setVersion] = useState(0);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    let live = true;
    call(adminMakerSettings).then(
      (s) => live && setSettings(s),
      (err: unknown) => {
        apiErrorsShown('maker settings')(err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const saved = useCallback((s: MakerSettings) => {
    setSettings(s);
    setVersion((n) => n + 1);
  }, []);

  const toggle = (p: Pair) =>
    confirm(
      {
        title: p.paused ? t`Resume quoting ${p.symbol}?` : t`Pause quoting ${p.symbol}?`,
        body: p.paused
          ? t`The maker quotes the pair again from its next step.`
          : t`The maker withdraws its quotes on the pair at its next step.`,
        danger: !p.paused,
      },
      async () => saved(await call(adminMakerPair, { pair_id: p.pair_id, enabled: p.paused })),
    );

  const columns: Column<Pair>[] = [
    { key: 'symbol', title: t`Pair`, render: (p) => p.symbol },
    {
      key: 'state',
      title: t`Now`,
      render: (p) =>
        p.paused ? (
          <Tag tone="bad">{t`Paused`}</Tag>
        ) : p.active ? (
          <Tag tone="good">{t`Quoting`}</Tag>
        ) : (
          <Tag tone="wait">{t`Not quoting`}</Tag>
        ),
    },
    {
      key: 'action',
      title: t`Action`,
      render: (p) => (
        <AdminButton kind={p.paused ? 'primary' : undefined} onClick={() => void toggle(p)}>
          {p.paused ? t`Resume` : t`Pause`}
        </AdminButton>
      ),
    },
  ];

  const fields: FieldSpec[] = [
    { name: 'enabled', label: t`Maker on`, kind: 'switch', wide: true },
    {
      name: 'spread_bps',
      label: t`Spread (basis points)`,
      kind: 'integer',
      hint: t`Between best bid and best ask, ${MAKER_BOUNDS.minSpreadBps} to ${MAKER_BOUNDS.maxSpreadBps}`,
    },
    { name: 'levels', label: t`Levels per side`, kind: 'integer', hint: t`1 to ${MAKER_BOUNDS.maxLevels}` },
    { name: 'level_value', label: t`Value per level`, kind: 'decimal', hint: t`In the quote currency` },
    {
      name: 'max_inventory',
      label: t`Most inventory per pair`,
      kind: 'decimal',
      hint: t`Valued in the quote currency; above it the maker stops bidding`,
    },
  ];

  const body = settings ? (
    <>
      <Panel title={<Trans>Quoting</Trans>}>
        {!settings.available && (
          <Note>
            <Trans>
              This server runs no market maker (MAKER_ENABLED). The settings are kept and apply when it runs.
            </Trans>
          </Note>
        )}
        <ProductForm
          key={version}
          fields={fields}
          schema={adminMakerSave.request}
          initial={{
            enabled: settings.enabled,
            spread_bps: String(settings.spread_bps),
            levels: String(settings.levels),
            level_value: settings.level_value,
            max_inventory: settings.max_inventory,
          }}
          confirmTitle={t`Change how the market maker quotes?`}
          confirmBody={t`It requotes every pair with the new settings at its next step.`}
          onSubmit={async (data) => saved(await call(adminMakerSave, data))}
        />
      </Panel>
      <Panel title={<Trans>Pairs</Trans>}>
        <PagedTable
          columns={columns}
          load={async () => onePage(settings.pairs)}
          rowKey={(p) => p.pair_id}
          reloadKey={version}
          empty={<Trans>No pairs</Trans>}
        />
      </Panel>
    </>
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
  );

  return (
    <SectionPage title={<Trans>Market maker</Trans>}>
      {body}
      {dialog}
    </SectionPage>
  );
}
