import { useMemo, useState } from 'react';
import { Button, DotLoading, ErrorBlock, List } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { REBATE_RATES } from '@contract/invite';
import { NavBar } from '@/components/NavBar';
import { activeBcp47 } from '@/lib/i18n';
import { appBase, inviteLink } from '../model/link';
import { percent } from '../model/rates';
import { useInviteInfo } from '../state/invite';
import { useQrCode } from '../state/qr';
import { useSiteName } from '../state/site';
import { InviteCodeCard } from './InviteCodeCard';
import { PosterSheet } from './PosterSheet';
import { RatesTable } from './RatesTable';
import { TeamCard } from './TeamCard';
import styles from './invite.module.css';

interface InviteViewProps {
  onRebates: () => void;
  onTeam: () => void;
}

/** `setting/share`: the invitation code, link and QR code, the share sheet, the poster, the rates. */
export function InviteView({ onRebates, onTeam }: InviteViewProps) {
  const { t } = useLingui();
  const siteName = useSiteName();
  const { info, failed, refresh } = useInviteInfo();
  const [poster, setPoster] = useState(false);
  const code = info?.invitation_code ?? '';
  const link = useMemo(() => (code ? inviteLink(code, appBase()) : ''), [code]);
  const qr = useQrCode(link);
  const product = siteName || t`our exchange`;
  const bcp47 = activeBcp47();
  const [first, second] = REBATE_RATES;
  const firstRate = percent(first.rate, bcp47);
  const secondRate = percent(second.rate, bcp47);

  let body;
  if (!info && failed) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t`Could not load your invitation`}
        description={t`Check your connection and try again.`}
      >
        <Button onClick={() => void refresh()}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    );
  } else if (!info) {
    body = (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  } else {
    body = (
      <>
        <InviteCodeCard code={code} link={link} qr={qr} product={product} onPoster={() => setPoster(true)} />

        <TeamCard team={info.team} onTeam={onTeam} />

        <List className={`${styles.card} ${styles.entries}`}>
          <List.Item onClick={onRebates}>
            <Trans>Rebate records</Trans>
          </List.Item>
          <List.Item onClick={onTeam}>
            <Trans>Team members</Trans>
          </List.Item>
        </List>

        <RatesTable />

        <PosterSheet
          open={poster}
          onClose={() => setPoster(false)}
          text={{
            product,
            tagline: t`Trade spot and futures with me. Register with my invitation code.`,
            codeLabel: t`Invitation code`,
            code,
            scan: t`Scan the QR code to register`,
            link,
          }}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <NavBar title={t`Invite friends`} />
      <section className={styles.hero}>
        <h2>
          <Trans>Invite friends, earn rebates</Trans>
        </h2>
        <p>
          <Trans>
            Earn {firstRate} of the trading fees of the friends you invite and {secondRate} of those of the friends they
            invite.
          </Trans>
        </p>
      </section>
      {body}
    </div>
  );
}
