import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo } from '@/lib/nav';
import { useFollowTrader } from './state/actions';
import { useAgreement } from './state/agreement';
import { useFollowForm } from './state/follow-form';
import { useTrader, type TraderDetail } from './state/traders';
import { AgreementCheck } from './components/AgreementCheck';
import { FollowConfirm } from './components/FollowConfirm';
import { FollowSizeFields } from './components/FollowSizeFields';
import { SizeExample } from './components/SizeExample';
import { useConfirmCancel } from './components/useConfirmCancel';
import styles from './components/copytrade.module.css';

/** `follow/follow?id=`: follow a trader, or edit or cancel the follow. */
export function FollowPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const { trader, failed } = useTrader(id);
  return (
    <div className={styles.page}>
      <NavBar title={trader?.my_follow ? t`Edit follow` : t`Follow`} />
      {!id ? (
        <ErrorBlock status="empty" title={t`This trader does not exist.`} description="" />
      ) : trader === undefined || (trader === null && !failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : trader === null ? (
        <ErrorBlock
          status="disconnected"
          title={t`Could not load this trader.`}
          description={t`Try again when connected.`}
        />
      ) : trader.is_me ? (
        <ErrorBlock status="empty" title={t`You cannot follow yourself.`} description="" />
      ) : (
        <FollowForm key={trader.my_follow?.updated_at ?? 'new'} trader={trader} />
      )}
    </div>
  );
}

function FollowForm({ trader }: { trader: TraderDetail }) {
  const go = useGo();
  const online = useOnline();
  const follow = trader.my_follow;
  const agreement = useAgreement();
  const { draft, set, error, pending, setPending, agreed, setAgreed, mustAgree, review } = useFollowForm(
    trader,
    agreement.accepted,
  );
  const save = useFollowTrader(() => {
    setPending(null);
    void agreement.accept();
    go({ to: pages.copytrade.my, search: { tab: 'following' } }, { replace: true });
  });
  const cancel = useConfirmCancel(() => go({ to: pages.copytrade.my, search: { tab: 'follows_history' } }));
  return (
    <div className={styles.form}>
      <p className={styles.hint}>
        <Trans>Copy {trader.name}'s futures trades</Trans>
      </p>
      <FollowSizeFields draft={draft} set={set} />
      <SizeExample draft={draft} name={trader.name} />
      <div className={styles.risk} data-testid="risk-statement">
        <Trans>
          Risk: copies are leveraged futures positions opened in your name with your futures balance. Each can lose its
          whole margin, and a trader's past results do not promise future ones. Copies open and close with the trader at
          the same price; you cannot close a copy yourself until you convert it to self-holding.
        </Trans>
      </div>
      {mustAgree && <AgreementCheck agreed={agreed} onAgreed={setAgreed} />}
      {error && (
        <div className={styles.fieldError} role="alert">
          {error}
        </div>
      )}
      <Button color="primary" block disabled={!online} onClick={review} data-testid="follow-submit">
        {follow ? <Trans>Save changes</Trans> : <Trans>Follow</Trans>}
      </Button>
      {!online && (
        <p className={styles.hint}>
          <Trans>You are offline. Following and editing need a connection.</Trans>
        </p>
      )}
      {follow && (
        <Button block disabled={!online || cancel.busy} onClick={() => cancel.ask(follow)}>
          <Trans>Cancel follow</Trans>
        </Button>
      )}
      <FollowConfirm
        draft={pending}
        traderName={trader.name}
        editing={Boolean(follow)}
        busy={save.busy}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          void save.submit({
            trader_user_id: trader.user_id,
            type: pending.type,
            number: pending.number,
            max_amount: pending.maxAmount || undefined,
          })
        }
      />
    </div>
  );
}
