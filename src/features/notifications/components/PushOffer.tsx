import { useCallback, useState, type ReactNode } from 'react';
import { Button, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { languageAtom } from '@/lib/state';
import { toast } from '@/lib/toast';
import { shouldOffer } from '../model/push';
import { enablePush, pushState } from '../state/device';
import styles from './notifications.module.css';

const DISMISSED_KEY = 'pushOfferDismissedAt';

function dismissedAt(): number | undefined {
  const value = Number(localStorage.getItem(DISMISSED_KEY));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Offers notifications at the moment they make sense, never on first load: a screen calls
 * `offer()` after the user's action (the NFT screens after a user's first bid) and renders
 * `element`. The sheet says why before the browser asks; "Not now" keeps it away for a week.
 */
export function usePushOffer(): { offer: () => void; element: ReactNode } {
  const [open, setOpen] = useState(false);
  const offer = useCallback(() => {
    if (shouldOffer(pushState(), dismissedAt(), Date.now())) setOpen(true);
  }, []);
  return { offer, element: <PushOffer visible={open} onClose={() => setOpen(false)} /> };
}

export function PushOffer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const [busy, setBusy] = useState(false);

  const turnOn = async () => {
    setBusy(true);
    try {
      const result = await enablePush(locale);
      if (result === 'granted') toast(t`Notifications are on`);
      else if (result === 'denied') toast(t`Notifications are blocked in the browser settings`);
      else localStorage.setItem(DISMISSED_KEY, String(Date.now()));
      onClose();
    } catch (error) {
      console.warn('push: could not turn notifications on', error);
      toast(t`Could not turn on notifications`);
    } finally {
      setBusy(false);
    }
  };

  const notNow = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    onClose();
  };

  return (
    <Popup visible={visible} onMaskClick={notNow} bodyClassName={styles.offer} aria-label={t`Turn on notifications`}>
      <div role="dialog" aria-label={t`Turn on notifications`} data-testid="push-offer">
        <h2>
          <Trans>Know when you are outbid</Trans>
        </h2>
        <p>
          <Trans>
            Get a notification when someone outbids you, when an auction is about to end, and when a won artwork is
            waiting for payment, even with the app closed. You choose the categories in Settings.
          </Trans>
        </p>
        <div className={styles.offerButtons}>
          <Button block color="primary" loading={busy} onClick={() => void turnOn()} data-testid="push-offer-on">
            <Trans>Turn on notifications</Trans>
          </Button>
          <Button block fill="none" onClick={notNow} data-testid="push-offer-later">
            <Trans>Not now</Trans>
          </Button>
        </div>
      </div>
    </Popup>
  );
}
