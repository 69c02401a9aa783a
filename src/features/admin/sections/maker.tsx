import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AdminButton, SectionPage, useConfirm } from '../components';
import type { SectionMeta } from '../section';
import { PairsPanel } from './maker/pairs-panel';
import { QuotingPanel } from './maker/quoting-panel';
import { useMakerSettings } from './maker/use-maker-settings';

export const meta: SectionMeta = {
  key: 'maker',
  title: msg`Market maker`,
  group: 'products',
  roles: ['admin'],
  order: 60,
};

/**
 * The house market maker: on or off, spread, depth and inventory limit, and a pause per pair. It
 * quotes both sides at published terms and trades only at its own quotes; nothing here concerns a
 * user or an order.
 */
export default function MakerSection() {
  const { settings, failed, retry, version, saved } = useMakerSettings();
  const { confirm, dialog } = useConfirm();

  const body = settings ? (
    <>
      <QuotingPanel settings={settings} version={version} saved={saved} />
      <PairsPanel settings={settings} version={version} saved={saved} confirm={confirm} />
    </>
  ) : failed ? (
    <div role="alert">
      <p>
        <Trans>The settings could not be loaded.</Trans>
      </p>
      <AdminButton onClick={retry}>
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
