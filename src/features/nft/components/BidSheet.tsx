import { Trans, useLingui } from '@lingui/react/macro';
import type { NftArtwork } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { dueIfWon, marginToHold } from '../model/bid';
import styles from './nft.module.css';

interface BidSheetProps {
  artwork: NftArtwork;
  /** The bid to confirm; null hides the sheet. */
  price: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Everything before a bid moves money: the bid, the margin held now, what a win costs and when. */
export function BidSheet({ artwork: a, price, busy, onConfirm, onClose }: BidSheetProps) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const c = a.currency_name;
  const hold = marginToHold(a);
  return (
    <ConfirmSheet
      open={price !== null}
      title={t`Confirm bid`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmTestId="confirm-bid"
    >
      {price !== null && (
        <>
          <dl className={confirm.confirmList}>
            <dt>
              <Trans>Artwork</Trans>
            </dt>
            <dd>{a.name}</dd>
            <dt>
              <Trans>Your bid</Trans>
            </dt>
            <dd data-testid="confirm-bid-price">
              {price} {c}
            </dd>
            <dt>
              <Trans>Margin held now</Trans>
            </dt>
            <dd data-testid="confirm-bid-margin">
              {hold} {c}
            </dd>
            <dt>
              <Trans>To pay if you win</Trans>
            </dt>
            <dd data-testid="confirm-bid-due">
              {dueIfWon(price, a.margin)} {c}
            </dd>
            {a.end_time !== null && (
              <>
                <dt>
                  <Trans>Ends</Trans>
                </dt>
                <dd>{formatDateTime(a.end_time, locale)}</dd>
              </>
            )}
          </dl>
          <p className={styles.text} data-testid="confirm-bid-rule">
            <Trans>
              If you win, pay the rest within 24 hours of the end or the margin is forfeited. If you are outbid, your
              margin is released when the auction ends. A bid in the last 5 minutes moves the end 5 minutes later.
            </Trans>
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
