import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { NftArtist } from '@contract/nft';
import { adminNftArtistSave, adminNftArtists } from '@contract/nft';
import { call } from '@/lib/http/client';
import { AdminButton, PagedTable, Panel, type Column } from '../../components';
import { actionsClass, ListWithDetail, Note, ProductForm, thumbClass, type FieldSpec } from '../../products/form';

/** The artists: a list, and beside it a new artist or the one picked, to edit. */
export function Artists() {
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
