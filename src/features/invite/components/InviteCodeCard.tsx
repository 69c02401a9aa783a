import { Button, DotLoading, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { copyText } from '@/lib/clipboard';
import { shareInvite } from '../model/share';
import styles from './invite.module.css';

interface InviteCodeCardProps {
  code: string;
  link: string;
  /** The link's QR code; null while it is drawn. */
  qr: string | null;
  /** The exchange's name, for the share text. */
  product: string;
  onPoster: () => void;
}

/** The invitation code and link, each with a copy button, the QR code, and the poster and share buttons. */
export function InviteCodeCard({ code, link, qr, product, onPoster }: InviteCodeCardProps) {
  const { t } = useLingui();

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

  return (
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
        <Button onClick={onPoster}>
          <Trans>Poster</Trans>
        </Button>
        <Button color="primary" onClick={() => void share()}>
          <Trans>Share</Trans>
        </Button>
      </div>
    </section>
  );
}
