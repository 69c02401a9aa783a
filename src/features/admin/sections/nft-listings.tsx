import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AdminListing } from '@contract/nft';
import { adminNftDelist, adminNftListings } from '@contract/nft';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { AdminButton, PagedTable, SectionPage, Tag, useConfirm, type Column } from '../components';
import { Note, thumbClass } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'nft-listings',
  title: msg`NFT resales`,
  group: 'reviews',
  roles: ['admin'],
  order: 50,
};

/**
 * Users' resales open now. They go on sale when listed (the model has no approval step), so this
 * is where staff look at them and take one down while nobody has bid.
 */
export default function NftListingsSection() {
  const { t } = useLingui();
  const [reload, setReload] = useState(0);
  const { confirm, dialog } = useConfirm();
  const when = (ms: number) => formatDateTime(ms, activeBcp47());

  const delist = (l: AdminListing) =>
    confirm(
      {
        title: t`Take “${l.artwork_name}” off sale?`,
        body: t`The sale ends unsold and the artwork stays with its owner, who may list it again.`,
        confirmLabel: t`Take down`,
        danger: true,
        reason: 'required',
        reasonHint: t`Kept in the audit log.`,
      },
      async (reason) => {
        await call(adminNftDelist, { sale_id: l.sale_id, reason });
        setReload((n) => n + 1);
      },
    );

  const columns: Column<AdminListing>[] = [
    { key: 'image', title: '', render: (l) => <img className={thumbClass} src={l.image} alt="" loading="lazy" /> },
    { key: 'name', title: t`Artwork`, render: (l) => l.artwork_name },
    { key: 'seller', title: t`Seller`, render: (l) => l.seller_account },
    {
      key: 'terms',
      title: t`Terms`,
      render: (l) => `${l.pay_type === 2 ? t`Auction from` : t`Fixed price`} ${l.price} ${l.currency_name}`,
    },
    { key: 'window', title: t`Sale`, render: (l) => `${when(l.start_time)} – ${when(l.end_time)}` },
    {
      key: 'bids',
      title: t`Bids`,
      render: (l) => (l.bid_count > 0 ? <Tag tone="wait">{l.bid_count}</Tag> : '0'),
    },
    {
      key: 'action',
      title: t`Action`,
      render: (l) =>
        l.bid_count > 0 ? (
          <span title={t`Bidders' margins are held on it`}>{t`Has bids`}</span>
        ) : (
          <AdminButton kind="danger" onClick={() => void delist(l)}>
            <Trans>Take down</Trans>
          </AdminButton>
        ),
    },
  ];

  return (
    <SectionPage title={<Trans>NFT resales</Trans>}>
      <Note>
        <Trans>
          Resales go on sale as soon as their owners list them. A resale with bids cannot be taken down: the
          bidders&apos; margins are held on it until it ends.
        </Trans>
      </Note>
      <PagedTable
        columns={columns}
        load={(page) => call(adminNftListings, { page, limit: 20 })}
        rowKey={(l) => l.sale_id}
        reloadKey={reload}
        empty={<Trans>No resales on sale</Trans>}
      />
      {dialog}
    </SectionPage>
  );
}
