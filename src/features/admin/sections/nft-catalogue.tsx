import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AdminArtwork, NftArtist } from '@contract/nft';
import {
  adminNftArtistSave,
  adminNftArtists,
  adminNftArtworkCreate,
  adminNftArtworkEdit,
  adminNftArtworks,
  getCollection,
  NFT_RARITIES,
} from '@contract/nft';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown } from '@/lib/submit';
import { AdminButton, PagedTable, Panel, SectionPage, Tag, type Column } from '../components';
import {
  actionsClass,
  ListWithDetail,
  Note,
  ProductForm,
  Tabs,
  thumbClass,
  toLocalInput,
  type FieldSpec,
} from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'nft-catalogue',
  title: msg`NFT catalogue`,
  group: 'products',
  roles: ['admin'],
  order: 70,
};

type Tab = 'artworks' | 'artists';
type Option = { value: string; label: string };
const DAY = 86_400_000;

/** Artists and the platform's artworks: add an artist, add an artwork with its first sale, edit texts. */
export default function NftCatalogueSection() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('artworks');
  return (
    <SectionPage title={<Trans>NFT catalogue</Trans>}>
      <Tabs
        tabs={[
          { key: 'artworks', label: t`Artworks` },
          { key: 'artists', label: t`Artists` },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'artworks' ? <Artworks /> : <Artists />}
    </SectionPage>
  );
}

function Artists() {
  const { t } = useLingui();
  const [editing, setEditing] = useState<NftArtist | 'new' | null>(null);
  const [reload, setReload] = useState(0);
  const current = editing === 'new' ? null : editing;
  const columns: Column<NftArtist>[] = [
    { key: 'avatar', title: '', render: (a) => <img className={thumbClass} src={a.avatar} alt="" loading="lazy" /> },
    { key: 'name', title: t`Name`, render: (a) => a.name },
    { key: 'works', title: t`Works`, render: (a) => a.works },
    { key: 'homepage', title: t`Homepage`, render: (a) => a.homepage },
  ];
  const fields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    { name: 'homepage', label: t`Homepage`, kind: 'text', hint: t`An https:// address, or empty` },
    { name: 'intro', label: t`Introduction`, kind: 'textarea' },
  ];
  return (
    <>
      <div className={actionsClass}>
        <AdminButton kind="primary" onClick={() => setEditing('new')}>
          <Trans>New artist</Trans>
        </AdminButton>
      </div>
      <ListWithDetail
        list={
          <PagedTable
            columns={columns}
            load={(page) => call(adminNftArtists, { page, limit: 20 })}
            rowKey={(a) => a.uid}
            reloadKey={reload}
            onRowClick={(a) => setEditing(a)}
            selectedKey={current?.uid}
            empty={<Trans>No artists yet</Trans>}
          />
        }
        detail={
          editing ? (
            <Panel title={current ? current.name : t`New artist`}>
              {!current && (
                <Note>
                  <Trans>The avatar is generated.</Trans>
                </Note>
              )}
              <ProductForm
                key={current?.uid ?? 'new'}
                fields={fields}
                schema={adminNftArtistSave.request}
                extra={current ? { id: current.uid } : {}}
                initial={{ name: current?.name ?? '', homepage: current?.homepage ?? '', intro: current?.intro ?? '' }}
                confirmTitle={current ? t`Save the changes to ${current.name}?` : t`Add this artist?`}
                onSubmit={(data) => call(adminNftArtistSave, data)}
                onSaved={() => {
                  setEditing(null);
                  setReload((n) => n + 1);
                }}
                onCancel={() => setEditing(null)}
              />
            </Panel>
          ) : undefined
        }
      />
    </>
  );
}

function Artworks() {
  const { t } = useLingui();
  const [editing, setEditing] = useState<AdminArtwork | 'new' | null>(null);
  const [reload, setReload] = useState(0);
  const [collections, setCollections] = useState<Option[] | null>(null);
  // When "New artwork" was pressed: the sale window starts there.
  const [openedAt, setOpenedAt] = useState(0);
  const current = editing === 'new' ? null : editing;
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, activeBcp47()));

  useEffect(() => {
    let live = true;
    call(getCollection, { page: 1, limit: 100 }).then(
      (page) =>
        live && setCollections(page.data.map((c) => ({ value: String(c.id), label: `${c.name} · ${c.artist_name}` }))),
      (err: unknown) => {
        apiErrorsShown('collections')(err);
        if (live) setCollections([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const typeLabels: Record<string, string> = {
    image: t`Image`,
    gif: t`Animation`,
    audio: t`Audio`,
    video: t`Video`,
    blind_box: t`Blind box`,
  };
  const saleLabels: Record<number, string> = { 1: t`Fixed price`, 2: t`Auction`, 3: t`Blind box` };
  const columns: Column<AdminArtwork>[] = [
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

  const createFields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    {
      name: 'collection_id',
      label: t`Collection`,
      kind: 'select',
      options: collections ?? [],
      hint: t`The artist is the collection's; blind box series are not made here`,
    },
    {
      name: 'type',
      label: t`Type`,
      kind: 'select',
      options: (['image', 'gif', 'audio', 'video'] as const).map((v) => ({ value: v, label: typeLabels[v]! })),
    },
    { name: 'rarity', label: t`Rarity`, kind: 'select', options: NFT_RARITIES.map((r) => ({ value: r, label: r })) },
    {
      name: 'pay_type',
      label: t`Sale mode`,
      kind: 'select',
      options: [
        { value: '1', label: t`Fixed price` },
        { value: '2', label: t`Auction` },
      ],
    },
    {
      name: 'currency_id',
      label: t`Currency`,
      kind: 'select',
      options: [
        { value: '3', label: 'USDT' },
        { value: '2', label: 'ETH' },
      ],
    },
    { name: 'price', label: t`Price or starting bid`, kind: 'decimal' },
    { name: 'per_increase', label: t`Least raise (auctions)`, kind: 'decimal' },
    {
      name: 'margin',
      label: t`Bidder margin (auctions)`,
      kind: 'decimal',
      hint: t`Required for auctions: held from each bidder, returned to losers, part of the winner's payment`,
    },
    { name: 'start_time', label: t`Sale starts`, kind: 'datetime' },
    { name: 'end_time', label: t`Sale ends`, kind: 'datetime', hint: t`At most 90 days after the start` },
    { name: 'description', label: t`Description`, kind: 'textarea' },
  ];
  const editFields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    { name: 'description', label: t`Description`, kind: 'textarea' },
  ];

  const detail = editing ? (
    <Panel title={current ? current.name : t`New artwork`}>
      {current ? (
        <>
          <Note>
            <Trans>Only the name and description can change: sales and owners are not edited.</Trans>
          </Note>
          <ProductForm
            key={current.id}
            fields={editFields}
            schema={adminNftArtworkEdit.request}
            extra={{ id: current.id }}
            initial={{ name: current.name, description: current.description }}
            confirmTitle={t`Save the changes to ${current.name}?`}
            onSubmit={(data) => call(adminNftArtworkEdit, data)}
            onSaved={() => {
              setEditing(null);
              setReload((n) => n + 1);
            }}
            onCancel={() => setEditing(null)}
          />
        </>
      ) : collections ? (
        <>
          <Note>
            <Trans>The media are generated. The artwork goes on sale in the platform&apos;s name.</Trans>
          </Note>
          <ProductForm
            fields={createFields}
            schema={adminNftArtworkCreate.request}
            initial={{
              name: '',
              collection_id: collections[0]?.value ?? '',
              type: 'image',
              rarity: 'N',
              pay_type: '1',
              currency_id: '3',
              price: '',
              per_increase: '',
              margin: '',
              start_time: toLocalInput(openedAt),
              end_time: toLocalInput(openedAt + 7 * DAY),
              description: '',
            }}
            confirmTitle={t`Put this artwork on sale?`}
            onSubmit={(data) => call(adminNftArtworkCreate, data)}
            onSaved={() => {
              setEditing(null);
              setReload((n) => n + 1);
            }}
            onCancel={() => setEditing(null)}
          />
        </>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </Panel>
  ) : undefined;

  return (
    <>
      <div className={actionsClass}>
        <AdminButton
          kind="primary"
          onClick={() => {
            setOpenedAt(Date.now());
            setEditing('new');
          }}
        >
          <Trans>New artwork</Trans>
        </AdminButton>
      </div>
      <ListWithDetail
        list={
          <PagedTable
            columns={columns}
            load={(page) => call(adminNftArtworks, { page, limit: 20 })}
            rowKey={(a) => a.id}
            reloadKey={reload}
            onRowClick={(a) => setEditing(a)}
            selectedKey={current?.id}
            empty={<Trans>No artworks yet</Trans>}
          />
        }
        detail={detail}
      />
    </>
  );
}
