import { useState } from 'react';
import { Button, Checkbox, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES, followFollow, type Follow, type FollowType } from '@contract/copytrade';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import fields from '@/components/OrderFields/OrderFields.module.css';
import { pages, useGo } from '@/lib/nav';
import { useContractMessage, useValidator } from '@/lib/validation';
import { checkRange, type FollowDraft, type FollowProblem } from './model/form';
import { useFollowTrader } from './state/actions';
import { useAgreement } from './state/agreement';
import { useTrader, type TraderDetail } from './state/traders';
import { FollowConfirm } from './components/FollowConfirm';
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

const draftOf = (f: Follow | null): FollowDraft =>
  f
    ? { type: f.type, number: f.number.replace(/\.?0+$/, ''), maxAmount: f.max_amount?.replace(/\.?0+$/, '') ?? '' }
    : { type: FOLLOW_TYPES.multiple, number: '1', maxAmount: '' };

function FollowForm({ trader }: { trader: TraderDetail }) {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const validate = useValidator();
  const word = useContractMessage();
  const follow = trader.my_follow;
  const [draft, setDraft] = useState<FollowDraft>(() => draftOf(follow));
  const [error, setError] = useState('');
  const [pending, setPending] = useState<FollowDraft | null>(null);
  const agreement = useAgreement();
  const [agreed, setAgreed] = useState(false);
  const mustAgree = agreement.accepted === false && !follow;
  const save = useFollowTrader(() => {
    setPending(null);
    void agreement.accept();
    go({ to: pages.copytrade.my, search: { tab: 'following' } }, { replace: true });
  });
  const cancel = useConfirmCancel(() => go({ to: pages.copytrade.my, search: { tab: 'follows_history' } }));
  const set = (patch: Partial<FollowDraft>) => (setDraft((d) => ({ ...d, ...patch })), setError(''));
  // Worded by the contract catalogue, exactly as the server would refuse it.
  const problemText = (p: FollowProblem) =>
    word({
      key: p.kind === 'multiple_range' ? 'follow_multiple_range' : 'follow_lots_range',
      values: { field: 'number' },
    });
  const review = () => {
    const checked = validate(followFollow.request, {
      trader_user_id: trader.user_id,
      type: draft.type,
      number: draft.number,
      max_amount: draft.maxAmount,
    });
    if (!checked.ok) return setError(checked.message);
    const problem = checkRange(draft);
    if (problem) return setError(problemText(problem));
    if (mustAgree && !agreed) return setError(t`Please read and accept the copy trading agreement first`);
    setPending(draft);
  };
  const typeButton = (type: FollowType, label: string) => (
    <button
      type="button"
      aria-pressed={draft.type === type}
      className={draft.type === type ? styles.typeButtonOn : styles.typeButton}
      onClick={() => set({ type, number: '1' })}
    >
      {label}
    </button>
  );
  const multiple = draft.type === FOLLOW_TYPES.multiple;
  return (
    <div className={styles.form}>
      <p className={styles.hint}>
        <Trans>Copy {trader.name}'s futures trades</Trans>
      </p>
      <div className={styles.typeSwitch} role="group" aria-label={t`Copy type`}>
        {typeButton(FOLLOW_TYPES.multiple, t`Fixed multiple`)}
        {typeButton(FOLLOW_TYPES.lots, t`Fixed lots`)}
      </div>
      <label className={fields.label} htmlFor="follow-number">
        {multiple ? (
          <Trans>Multiple of the trader's lots (0.01 to 100)</Trans>
        ) : (
          <Trans>Lots per copy (1 to 10,000)</Trans>
        )}
      </label>
      <div className={fields.input}>
        <Input
          id="follow-number"
          aria-label={multiple ? t`Multiple` : t`Lots per copy`}
          inputMode={multiple ? 'decimal' : 'numeric'}
          value={draft.number}
          onChange={(v) =>
            set({ number: multiple ? v.replace(/[^\d.]/g, '').slice(0, 12) : v.replace(/\D/g, '').slice(0, 5) })
          }
        />
        <span className={fields.unit}>{multiple ? '×' : t`lots`}</span>
      </div>
      <label className={fields.label} htmlFor="follow-cap">
        <Trans>Amount cap: most margin in this follow's open copies (optional)</Trans>
      </label>
      <div className={fields.input}>
        <Input
          id="follow-cap"
          aria-label={t`Amount cap`}
          inputMode="decimal"
          placeholder={t`No cap`}
          value={draft.maxAmount}
          onChange={(v) => set({ maxAmount: v.replace(/[^\d.]/g, '').slice(0, 20) })}
        />
        <span className={fields.unit}>USDT</span>
      </div>
      <SizeExample draft={draft} name={trader.name} />
      <div className={styles.risk} data-testid="risk-statement">
        <Trans>
          Risk: copies are leveraged futures positions opened in your name with your futures balance. Each can lose its
          whole margin, and a trader's past results do not promise future ones. Copies open and close with the trader at
          the same price; you cannot close a copy yourself until you convert it to self-holding.
        </Trans>
      </div>
      {mustAgree && (
        <div className={styles.agreeBox}>
          <Checkbox checked={agreed} onChange={setAgreed} className={styles.agree}>
            <Trans>I have read and accept the copy trading agreement</Trans>
          </Checkbox>
          <div className={styles.agreeLinks}>
            <Trans>Read it:</Trans>
            <Link to={pages.follow.agreement_en} className={styles.link}>
              English
            </Link>
            <Link to={pages.follow.agreement_zh} className={styles.link}>
              中文
            </Link>
          </div>
        </div>
      )}
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
