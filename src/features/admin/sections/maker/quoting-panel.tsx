import { Trans, useLingui } from '@lingui/react/macro';
import type { MakerSettings } from '@contract/trade';
import { adminMakerSave, MAKER_BOUNDS } from '@contract/trade';
import { call } from '@/lib/http/client';
import { Panel } from '../../components';
import { Note, ProductForm, type FieldSpec } from '../../products/form';

interface QuotingPanelProps {
  settings: MakerSettings;
  version: number;
  saved: (s: MakerSettings) => void;
}

/** On or off, spread, depth and inventory limit, saved after a confirmation. */
export function QuotingPanel({ settings, version, saved }: QuotingPanelProps) {
  const { t } = useLingui();
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
  return (
    <Panel title={<Trans>Quoting</Trans>}>
      {!settings.available && (
        <Note>
          <Trans>This server runs no market maker (MAKER_ENABLED). The settings are kept and apply when it runs.</Trans>
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
  );
}
