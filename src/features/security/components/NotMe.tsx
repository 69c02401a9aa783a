import { useEffect, useState } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotMeSignIn } from '@contract/devices';
import { formatDateTime } from '@/lib/format/time';
import { ApiError } from '@/lib/http';
import { activeBcp47 } from '@/lib/i18n';
import { pages, type GoTo } from '@/lib/nav';
import { signOut } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { checkNotMeLink, redeemNotMeLink } from '../api/devices';
import styles from './devices.module.css';

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; signIn: NotMeSignIn }
  | { kind: 'secured' };

/**
 * The page of a new-device alert's "this wasn't me" link, usable signed out: it names the
 * sign-in, and one tap freezes withdrawals and signs every device out (this one too). The link
 * opens this page rather than acting by itself, so a mail scanner that follows links does not
 * act for the owner.
 */
export function NotMe({ token, onNavigate }: { token: string; onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const [view, setView] = useState<View>(() =>
    token ? { kind: 'loading' } : { kind: 'failed', message: t`This link is not valid` },
  );
  const failed = (error: unknown) =>
    setView({ kind: 'failed', message: error instanceof ApiError ? error.message : t`Something went wrong` });

  useEffect(() => {
    if (!token) return;
    // Reads only: checking again (a language change renews `t`) changes nothing.
    checkNotMeLink(token).then(
      (signIn) => setView(signIn.state === 'used' ? { kind: 'secured' } : { kind: 'ready', signIn }),
      (error: unknown) =>
        setView({ kind: 'failed', message: error instanceof ApiError ? error.message : t`Something went wrong` }),
    );
  }, [token, t]);

  const secure = useSubmit(
    async () => {
      try {
        await redeemNotMeLink(token);
      } catch (error) {
        return failed(error);
      }
      // Every session ended, this device's too.
      signOut();
      setView({ kind: 'secured' });
    },
    { name: 'this was not me' },
  );

  if (view.kind === 'loading') {
    return (
      <div className={styles.notMe}>
        <DotLoading />
      </div>
    );
  }
  if (view.kind === 'failed') {
    return (
      <div className={styles.notMe} data-testid="not-me-failed">
        <p role="alert">{view.message}</p>
        <Button block onClick={() => onNavigate(pages.common.login)}>
          <Trans>Sign in</Trans>
        </Button>
      </div>
    );
  }
  if (view.kind === 'secured') {
    return (
      <div className={styles.notMe} data-testid="not-me-done">
        <p className={styles.scoreTitle}>
          <Trans>Your account is secured</Trans>
        </p>
        <p>
          <Trans>Withdrawals are frozen and every device was signed out. Next:</Trans>
        </p>
        <ol className={styles.steps}>
          <li>
            <Trans>Reset your login password.</Trans>
          </li>
          <li>
            <Trans>Sign in and lift the freeze on the security page.</Trans>
          </li>
        </ol>
        <Button block color="primary" onClick={() => onNavigate(pages.common.forget)}>
          <Trans>Reset login password</Trans>
        </Button>
      </div>
    );
  }
  const { signIn } = view;
  const at = formatDateTime(Date.parse(signIn.signed_in_at), activeBcp47());
  const expired = signIn.state === 'expired';
  return (
    <div className={styles.notMe} data-testid="not-me">
      <p className={styles.scoreTitle}>
        <Trans>Was this you?</Trans>
      </p>
      <div className={styles.facts}>
        <div>{signIn.device}</div>
        <div>{signIn.ip || '-'}</div>
        <div>{at}</div>
      </div>
      {expired ? (
        <p role="alert">
          <Trans>This link has expired. Sign in to check your devices, or contact support.</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            If it was not you: withdrawals freeze and every device is signed out, this one too. Then reset your
            password.
          </Trans>
        </p>
      )}
      <Button
        block
        color="danger"
        data-testid="not-me-confirm"
        disabled={expired || secure.busy}
        loading={secure.busy}
        onClick={() => void secure.submit()}
      >
        <Trans>This wasn't me</Trans>
      </Button>
    </div>
  );
}
