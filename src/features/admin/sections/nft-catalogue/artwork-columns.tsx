import { useLingui } from '@lingui/react/macro';
import type { AdminArtwork } from '@contract/nft';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { Tag, type Column } from '../../components';
import { thumbClass } from '../../products/form';
import { useArtworkTypeLabels } from './artwork-fields';

/** The artwork list's columns: image, name and artist, type, sale, end and owner. */
export function useArtworkColumns(): Column<AdminArtwork>[] {
  const { t } = useLingui();
  const typeLabels = useArtworkTypeLabels();
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, activeBcp47()));
  const saleLabels: Record<number, string> = { 1: t`Fixed price`, 2: t`Auction`, 3: t`Blind box` };
  return [
    { key: 'image', title: '', render: (a) => <img className={thumbClass} src={a.image} alt="" loading="lazy" /> },
    { key: 'name', title: t`Artwork`, render: (a) => `${a.name} · ${a.artist_name}` },
    {
      key: 'type',
      title: t`Type`,
      // A sealed box's rarity is its content's, revealed when opened: not shown here either.
      render: (a) => (a.type === 'blind_box' ? typeLabels.blind_box : `${typeLabels[a.type] ?? a.type} · ${a.rarity}`),
    },
    {
      key: 'sale',
      title: t`Sale`,
      render: (a) =>
        a.pay_type === null ? '—' : `${saleLabels[a.pay_type] ?? ''} ${a.price ?? ''} ${a.currency_name}`.trim(),
    },
    { key: 'ends', title: t`Ends`, render: (a) => when(a.end_time) },
    {
      key: 'owner',
      title: t`Owner`,
      render: (a) => (a.owner_account === null ? <Tag tone="good">{t`Platform`}</Tag> : a.owner_account),
    },
  ];
}
