import { Trans, useLingui } from '@lingui/react/macro';
import type { MakerSettings } from '@contract/trade';
import { adminMakerPair } from '@contract/trade';
import { call } from '@/lib/http/client';
import { AdminButton, PagedTable, Panel, Tag, type useConfirm, type Column } from '../../components';
import { onePage } from '../../products/form';

type Pair = MakerSettings['pairs'][number];

interface PairsPanelProps {
  settings: MakerSettings;
  version: number;
  saved: (s: MakerSettings) => void;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}

/** Each pair: whether the maker quotes it now, and a confirmed pause or resume. */
export function PairsPanel({ settings, version, saved, confirm }: PairsPanelProps) {
  const { t } = useLingui();
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
  return (
    <Panel title={<Trans>Pairs</Trans>}>
      <PagedTable
        columns={columns}
        load={async () => onePage(settings.pairs)}
        rowKey={(p) => p.pair_id}
        reloadKey={version}
        empty={<Trans>No pairs</Trans>}
      />
    </Panel>
  );
}
