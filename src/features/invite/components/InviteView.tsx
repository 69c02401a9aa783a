import { useEffect, useMemo, useState } from 'react';
import { Button, DotLoading, ErrorBlock, List, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import QRCode from 'qrcode';
import { REBATE_RATES } from '@contract/invite';
import { NavBar } from '@/components/NavBar';
import { copyText } from '@/lib/clipboard';
import { activeBcp47 } from '@/lib/i18n';
import { siteAtom } from '@/lib/state';
import { fetchSite } from '../api/invite';
import { appBase, inviteLink } from '../model/link';
import { percent } from '../model/rates';
import { shareInvite } from '../model/share';
import { useInviteInfo } from '../state/invite';
import { PosterSheet } from './PosterSheet';
import { RatesTable } from './RatesTable';
import styles from './invite.module.css';

interface InviteViewProps {
  onRebates: () => void;
  onTeam: () => void;
}

/** `setting/share`: the invitation code, link and QR code, the share sheet, the poster, the rates. */
export function InviteView({ onRebates, onTeam }: InviteViewProps) {
  const { t } = useLingui();
  const [site, setSite] = useAtom(siteAtom);
  const { info, failed, refresh } = useInviteInfo();
  const [qr, setQr] = useState<string | null>(null);
  const [poster, setPoster] = useState(false);
  const code = info?.invitation_code ?? '';
  const link = useMemo(() => (code ? inviteLink(code, appBase()) : ''), [code]);
  const product = site.site_name || t`our exchange`;
  const bcp47 = activeBcp47();
  const [first, second] = REBATE_RATES;
  const firstRate = percent(first.rate, bcp47);
  const secondRate = percent(second.rate, bcp47);

  useEffect(() => {
    if (site.site_name) return;
    fetchSite()
      .then(({ site_name, site_logo, demo }) => setSite({ site_name, site_logo, demo }))
      .catch((error: unknown) => console.warn('invite: the site name could not be read', error));
  }, [site.site_name, setSite]);

  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    QRCode.toDataURL(link, { width: 352, margin: 0, errorCorrectionLevel: 'M' })
      .then((url) => !cancelled && setQr(url))
      .catch((error: unknown) => console.warn('invite: the QR code could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [link]);

  const copy = async (value: string) => {
    const ok = await copyText(value);
    Toast.show(
      ok
        ? { icon: 'success', content: t`Copied` }
        : { icon: 'fail', content: t`Copying is not available on this device.` },
    );
  };

  const share = async () => {
    const outcome = await shareInvite({
      title: t`Join me on ${product}`,
      text: t`Register on ${product} with my invitation code ${code}.`,
      url: link,
    });
    if (outcome === 'copied') Toast.show({ icon: 'success', content: t`Link copied: paste it to your friends.` });
    if (outcome === 'failed') Toast.show({ icon: 'fail', content: t`Copying is not available on this device.` });
  };

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
    const counts = new Map(info.team.map((g) => [g.generation, g.count]));
    body = (
      <>
        <section className={styles.card} aria-labelledby="invite-code">
          <div className={styles.codeRow}>
            <div>
              <div className={styles.label} id="invite-code">
                <Trans>My invitation code</Trans>
              </div>
              <div className={styles.code} data-testid="invite-code">
                {code}
              </div>
            </div>
            <Button size="small" className={styles.copy} onClick={() => void copy(code)}>
              <Trans>Copy code</Trans>
            </Button>
          </div>
          <div className={styles.codeRow}>
            <div>
              <div className={styles.label}>
                <Trans>Invitation link</Trans>
              </div>
              <div className={styles.url} data-testid="invite-link">
                {link}
              </div>
            </div>
            <Button size="small" className={styles.copy} onClick={() => void copy(link)}>
              <Trans>Copy link</Trans>
            </Button>
          </div>
          <div className={styles.qr}>
            {qr ? (
              <img src={qr} alt={t`QR code of your invitation link`} data-testid="invite-qr" />
            ) : (
              <DotLoading color="primary" />
            )}
          </div>
          <div className={styles.actions}>
            <Button onClick={() => setPoster(true)}>
              <Trans>Poster</Trans>
            </Button>
            <Button color="primary" onClick={() => void share()}>
              <Trans>Share</Trans>
            </Button>
          </div>
        </section>

        <section className={styles.card} aria-labelledby="invite-team">
          <h3 id="invite-team">
            <Trans>My team</Trans>
          </h3>
          <div className={styles.team}>
            <button type="button" className={styles.stat} onClick={onTeam} data-testid="team-first">
              <strong>{counts.get(1) ?? 0}</strong>
              <span className={styles.label}>
                <Trans>Invited by you</Trans>
              </span>
            </button>
            <button type="button" className={styles.stat} onClick={onTeam} data-testid="team-second">
              <strong>{counts.get(2) ?? 0}</strong>
              <span className={styles.label}>
                <Trans>Invited by your friends</Trans>
              </span>
            </button>
          </div>
        </section>

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
