import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as sc from '@contract/security-console';
import { call } from '@/lib/http';
import { apiErrorsShown } from '@/lib/submit';
import { Fields, Tag, useStaff } from '../../components';
import { when } from '../../reviews/format';
import styles from '../../reviews/reviews.module.css';
import { ResetRow } from '../resets/reset-row';
import { useResetActions, type ResetWhat } from '../resets/use-reset-actions';

/**
 * Which protections a user has (never a secret), their second-factor reset proposals, and for
 * another admin's account the two-person reset: propose here, approve by a second administrator.
 */
export function UserProtections({ user, done }: { user: { id: number; account: string }; done: (m: string) => void }) {
  const { t } = useLingui();
  const staff = useStaff();
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<sc.Protections | null>(null);
  const [pick, setPick] = useState<ResetWhat | ''>('');
  const actions = useResetActions((message) => {
    setAttempt((n) => n + 1);
    done(message);
  });

  useEffect(() => {
    let live = true;
    call(sc.protections, { id: user.id }).then((v) => live && setView(v), apiErrorsShown('user protections'));
    return () => {
      live = false;
    };
  }, [user.id, attempt]);

  if (!view || view.user_id !== user.id) {
    return (
      <p className={styles.hint} role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  const on = (v: boolean) => (v ? <Tag tone="good">{t`On`}</Tag> : <Tag>{t`Off`}</Tag>);
  const hasPasskeys = view.passkeys.length > 0;
  const choose = (what: ResetWhat | '') => {
    setPick(what);
    if (what) void actions.propose(user, what).finally(() => setPick(''));
  };
  return (
    <>
      <Fields
        items={[
          [
            t`Passkeys`,
            hasPasskeys ? `${view.passkeys.length}: ${view.passkeys.map((p) => p.name).join(', ')}` : t`None`,
          ],
          [
            t`Authenticator app`,
            <span key="totp">
              {on(view.totp.enabled)}{' '}
              {view.totp.enabled && view.totp.since
                ? t`since ${when(view.totp.since)}, ${view.totp.recovery_codes_left} recovery codes left`
                : ''}
            </span>,
          ],
          [
            t`Withdrawal whitelist`,
            <span key="wl">
              {on(view.whitelist.on)} {view.whitelist.off_at ? t`off from ${when(view.whitelist.off_at)}` : ''}
            </span>,
          ],
          [t`Anti-phishing code`, view.anti_phishing ? t`Set` : t`Not set`],
          [t`Pay password`, view.pay_password ? t`Set` : t`Not set`],
          [
            t`Withdrawals`,
            view.withdraw_frozen_at ? (
              <Tag key="fz" tone="bad">{t`Frozen since ${when(view.withdraw_frozen_at)}`}</Tag>
            ) : view.withdraw_paused_until ? (
              <Tag key="ps">{t`Paused until ${when(view.withdraw_paused_until)}`}</Tag>
            ) : (
              <Tag key="ok" tone="good">
                {t`Allowed`}
              </Tag>
            ),
          ],
        ]}
      />
      {staff.role === 'admin' && staff.id !== user.id && (view.totp.enabled || hasPasskeys) && (
        <div className={styles.actions}>
          <select
            aria-label={t`Reset second factor`}
            value={pick}
            onChange={(e) => choose(e.target.value as ResetWhat | '')}
            className={styles.select}
          >
            <option value="">{t`Reset second factor…`}</option>
            {view.totp.enabled && <option value="totp">{t`Remove the authenticator app`}</option>}
            {hasPasskeys && <option value="passkeys">{t`Remove every passkey`}</option>}
            {view.totp.enabled && hasPasskeys && <option value="both">{t`Remove both`}</option>}
          </select>
        </div>
      )}
      {view.resets.map((r) => (
        <ResetRow key={r.id} reset={r} actions={actions} />
      ))}
      {actions.dialog}
    </>
  );
}
