import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SectionPage } from '../components';
import { Tabs } from '../products/form';
import type { SectionMeta } from '../section';
import { Artists } from './nft-catalogue/artists';
import { Artworks } from './nft-catalogue/artworks';

export const meta: SectionMeta = {
  key: 'nft-catalogue',
  title: msg`NFT catalogue`,
  group: 'products',
  roles: ['admin'],
  order: 70,
};

type Tab = 'artworks' | 'artists';

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
