import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { PlanCard } from './components/PlanCard';
import { usePlans } from './state/plans';
import styles from './components/recurring.module.css';

/** `recurring/index`: the user's plans with their next run in local time, and a new plan. */
export function RecurringListPage() {
  const { t } = useLingui();
  const go = useGo();
  const signedIn = useAtomValue(isLoggedInAtom);
  const plans = usePlans();
  const create = (
    <Button color="primary" onClick={() => go(pages.recurring.create)} data-testid="recurring-new">
      <Trans>New plan</Trans>
    </Button>
  );

  let content;
  if (!signedIn) {
    content = (
      <ErrorBlock status="empty" title={t`Log in to see your recurring buys`} description="">
        <Button onClick={() => go(pages.common.login)}>
          <Trans>Log in</Trans>
        </Button>
      </ErrorBlock>
    );
  } else if (plans.value === undefined || (plans.value === null && !plans.failed)) {
    content = (
      <div className={styles.center} data-testid="recurring-loading">
        <DotLoading color="primary" />
      </div>
    );
  } else if (plans.value === null) {
    content = (
      <ErrorBlock status="disconnected" title={t`Your plans could not be loaded`} description="">
        <Button onClick={() => void plans.refresh()}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    );
  } else if (plans.value.length === 0) {
    content = (
      <ErrorBlock status="empty" title={t`No recurring buys yet`} description="" data-testid="recurring-empty">
        {create}
      </ErrorBlock>
    );
  } else {
    content = (
      <>
        <OfflineAsOf savedAt={plans.savedAt} show={plans.failed} />
        <ul className={styles.cards} data-testid="recurring-plans">
          {plans.value.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} onOpen={() => go({ to: pages.recurring.detail, search: { id: plan.id } })} />
            </li>
          ))}
        </ul>
        <div className={styles.actions}>{create}</div>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <NavBar title={t`Recurring buys`} />
      <Refresh onRefresh={() => plans.refresh()}>
        <p className={styles.intro}>
          <Trans>
            Buy a fixed amount of a coin with USDT from your exchange account every day, week or month. Each run is a
            market buy within your slippage limit; a run without enough funds is skipped and you are notified.
          </Trans>
        </p>
        {content}
      </Refresh>
    </div>
  );
}
