import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminArtwork } from '@contract/nft';
import { adminNftArtworkCreate, adminNftArtworkEdit } from '@contract/nft';
import { call } from '@/lib/http/client';
import { Panel } from '../../components';
import { Note, ProductForm, toLocalInput } from '../../products/form';
import { useArtworkFields } from './artwork-fields';
import type { Option } from './use-collections';

const DAY = 86_400_000;

interface ArtworkDetailProps {
  /** The artwork to edit, or null for a new one. */
  current: AdminArtwork | null;
  collections: Option[] | null;
  /** When "New artwork" was pressed: the sale window starts there. */
  openedAt: number;
  onSaved: () => void;
  onCancel: () => void;
}

/** Beside the list: an artwork's editable texts, or a new artwork with its first sale. */
export function ArtworkDetail({ current, collections, openedAt, onSaved, onCancel }: ArtworkDetailProps) {
  const { t } = useLingui();
  const { createFields, editFields } = useArtworkFields(collections);
  return (
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
            onSaved={onSaved}
            onCancel={onCancel}
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
            onSaved={onSaved}
            onCancel={onCancel}
          />
        </>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </Panel>
  );
}
