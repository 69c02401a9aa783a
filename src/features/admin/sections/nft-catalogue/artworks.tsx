import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { AdminArtwork } from '@contract/nft';
import { adminNftArtworks } from '@contract/nft';
import { call } from '@/lib/http/client';
import { AdminButton, PagedTable } from '../../components';
import { actionsClass, ListWithDetail } from '../../products/form';
import { useArtworkColumns } from './artwork-columns';
import { ArtworkDetail } from './artwork-detail';
import { useCollections } from './use-collections';

/** The platform's artworks: a list, and beside it a new artwork with its first sale or the one picked. */
export function Artworks() {
  const [editing, setEditing] = useState<AdminArtwork | 'new' | null>(null);
  const [reload, setReload] = useState(0);
  const collections = useCollections();
  // When "New artwork" was pressed: the sale window starts there.
  const [openedAt, setOpenedAt] = useState(0);
  const current = editing === 'new' ? null : editing;
  const columns = useArtworkColumns();

  const detail = editing ? (
    <ArtworkDetail
      current={current}
      collections={collections}
      openedAt={openedAt}
      onSaved={() => {
        setEditing(null);
        setReload((n) => n + 1);
      }}
      onCancel={() => setEditing(null)}
    />
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
