import { useCallback, useState } from 'react';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { IeoProject } from '@contract/ieo';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { USER_SCOPE } from '@/lib/db';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useCachedReply } from '@/lib/holdings';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchPayBalance } from './api/ieo';
import { AllocationRule } from './components/AllocationRule';
import { ConfirmSheet } from './components/ConfirmSheet';
import { StateTag } from './components/StateTag';
import { amountProblem, paymentOf, subscribedPercent } from './model/subscription';
import { useProject } from './state/projects';
import { useSubscribe } from './state/subscribe';
import styles from './components/ieo.module.css';

/** One project (SPEC.md: detail and subscription): its terms, the allocation rule and the form. */
export function IeoSubscribePage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const project = useProject(id);
  return (
    <div className={styles.page}>
      <NavBar title={project.value?.name ?? t`Subscribe`} />
      <Refresh onRefresh={project.refresh}>
        <OfflineAsOf savedAt={project.savedAt} show={project.failed} />
        {id === undefined ? (
          <ErrorBlock status="empty" title={t`The project does not exist`} description="" />
        ) : project.value === undefined || (project.value === null && !project.failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : project.value === null ? (
          <ErrorBlock
            status="disconnected"
            title={t`The project could not be loaded`}
            description={t`Pull down to try again.`}
          />
        ) : (
          <Project project={project.value} onChanged={project.refresh} />
        )}
      </Refresh>
    </div>
  );
}

function Project({ project: p, onChanged }: { project: IeoProject; onChanged: () => Promise<void> }) {
  const locale = activeBcp47();
  return (
    <>
      <section className={styles.section}>
        <div className={styles.cardHead}>
          <img className={styles.coin} src={p.image} alt="" />
          <div className={styles.title}>
            <strong>{p.name}</strong>
            <span>{p.coin_name}</span>
          </div>
          <StateTag state={p.state} />
        </div>
        <dl className={styles.facts} data-testid="ieo-facts">
          <dt>
            <Trans>Issue price</Trans>
          </dt>
          <dd>
            {p.price} {p.pay_currency_name}
          </dd>
          <dt>
            <Trans>Total issuance</Trans>
          </dt>
          <dd>
            {formatNumber(p.total, 2)} {p.coin_name}
          </dd>
          <dt>
            <Trans>Applied</Trans>
          </dt>
          <dd data-testid="ieo-applied">
            {p.applied} {p.coin_name} ({subscribedPercent(p)}%)
          </dd>
          <dt>
            <Trans>Passed</Trans>
          </dt>
          <dd>{p.passed === null ? <Trans>at the end</Trans> : `${p.passed} ${p.coin_name}`}</dd>
          <dt>
            <Trans>Per person</Trans>
          </dt>
          <dd>
            {p.min_amount} – {p.max_amount} {p.coin_name}
          </dd>
          <dt>
            <Trans>Start time</Trans>
          </dt>
          <dd>{formatDateTime(p.start_at, locale)}</dd>
          <dt>
            <Trans>End time</Trans>
          </dt>
          <dd>{formatDateTime(p.end_at, locale)}</dd>
          <dt>
            <Trans>Lock period</Trans>
          </dt>
          <dd>
            <Plural value={p.lock_days} one="# day" other="# days" />
          </dd>
          <dt>
            <Trans>Listing time</Trans>
          </dt>
          <dd>{p.listing_at === null ? <Trans>To be announced</Trans> : formatDateTime(p.listing_at, locale)}</dd>
          <dt>
            <Trans>Coins credited at</Trans>
          </dt>
          <dd>{formatDateTime(p.credit_at, locale)}</dd>
        </dl>
        {(p.whitepaper || p.website) && (
          <div className={styles.links}>
            {p.whitepaper && (
              <a href={p.whitepaper} target="_blank" rel="noopener noreferrer">
                <Trans>Whitepaper</Trans>
              </a>
            )}
            {p.website && (
              <a href={p.website} target="_blank" rel="noopener noreferrer">
                <Trans>Website</Trans>
              </a>
            )}
          </div>
        )}
      </section>
      {p.state === 'progress' && <SubscribeForm project={p} onChanged={onChanged} />}
      <section className={styles.section}>
        <h3>
          <Trans>Allocation rule</Trans>
        </h3>
        <p className={styles.text}>
          <AllocationRule coin={p.coin_name} />
        </p>
      </section>
      {p.intro && (
        <section className={styles.section}>
          <h3>
            <Trans>About the project</Trans>
          </h3>
          <p className={styles.text}>{p.intro}</p>
        </section>
      )}
    </>
  );
}

function SubscribeForm({ project: p, onChanged }: { project: IeoProject; onChanged: () => Promise<void> }) {
  const { t } = useLingui();
  const go = useGo();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const fetchBalance = useCallback(() => fetchPayBalance(p.pay_currency), [p.pay_currency]);
  const balance = useCachedReply(`${USER_SCOPE}${uid}:ieo:balance:${p.pay_currency}`, fetchBalance, signedIn);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const payment = paymentOf(amount, p.price);
  const problem = payment === null ? null : amountProblem(amount, p);
  const problemText =
    problem === 'decimals'
      ? t`At most 8 decimals`
      : problem === 'min'
        ? t`At least ${p.min_amount} ${p.coin_name}`
        : problem === 'max'
          ? t`At most ${p.max_amount} ${p.coin_name} per person`
          : '';
  const { submit, busy } = useSubscribe(() => {
    setConfirming(null);
    setAmount('');
    void Promise.all([onChanged(), balance.refresh()]);
    go({ to: pages.ieo.order });
  });
  return (
    <section className={styles.section}>
      <h3>
        <Trans>Subscribe</Trans>
      </h3>
      <div className={styles.field}>
        <Input
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder={t`Quantity (min ${p.min_amount})`}
          aria-label={t`Quantity`}
          data-testid="ieo-amount"
        />
        <span className={styles.unit}>{p.coin_name}</span>
      </div>
      {problemText && <p className={styles.error}>{problemText}</p>}
      <p className={styles.hint} data-testid="ieo-payment">
        <Trans>
          Payment: {payment ?? '0'} {p.pay_currency_name}
        </Trans>
      </p>
      {signedIn && balance.value && (
        <p className={styles.hint} data-testid="ieo-balance">
          <Trans>
            Exchange account: {balance.value.available} {p.pay_currency_name} available, {balance.value.held}{' '}
            {p.pay_currency_name} held
          </Trans>
        </p>
      )}
      <Button
        className={styles.submit}
        block
        color="primary"
        disabled={payment === null || problem !== null}
        onClick={() => setConfirming(amount.trim())}
        data-testid="ieo-subscribe"
      >
        <Trans>Subscribe</Trans>
      </Button>
      <ConfirmSheet
        project={p}
        amount={confirming}
        payment={confirming === null ? null : paymentOf(confirming, p.price)}
        busy={busy}
        onConfirm={() => confirming !== null && void submit({ project: p, amount: confirming })}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
