import { useCallback, useEffect, useState } from 'react';
import { DotLoading, ErrorBlock, Tabs, Toast } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Loan } from '@contract/loans';
import { NavBar } from '@/components/NavBar';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { fetchLoans, sendAddCollateral, sendRepay } from './api/loans';
import { BorrowPanel } from './components/BorrowPanel';
import { LoanActionSheet } from './components/LoanActionSheet';
import { LoanCard } from './components/LoanCard';
import styles from './components/loans.module.css';

export type LoansTab = 'borrow' | 'mine';

interface LoansPageProps {
  tab: LoansTab;
  onTab: (tab: LoansTab) => void;
}

/** `common/borrowing`: the loan products with the calculator, and the user's loans. */
export function LoansPage({ tab, onTab }: LoansPageProps) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`Borrowing and repayment`} />
      <Tabs activeKey={tab} onChange={(k) => onTab(k as LoansTab)}>
        <Tabs.Tab key="borrow" title={t`Borrow`} />
        <Tabs.Tab key="mine" title={t`My loans`} />
      </Tabs>
      {tab === 'borrow' ? (
        <BorrowPanel onBorrowed={() => onTab('mine')} />
      ) : signedIn ? (
        <MyLoans />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your loans.`} description="">
          <button type="button" className={styles.primary} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function MyLoans() {
  const { t } = useLingui();
  const [state, setState] = useState<'open' | 'closed'>('open');
  const [rows, setRows] = useState<Loan[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [acting, setActing] = useState<{ loan: Loan; action: 'repay' | 'add' } | null>(null);
  const load = useCallback(() => {
    setFailed(false);
    fetchLoans(state).then(
      (page) => setRows(page.data),
      () => setFailed(true),
    );
  }, [state]);
  // Started after this render's effects: the state it sets arrives with the reply.
  useEffect(() => void Promise.resolve().then(load), [load]);
  const done = () => {
    setActing(null);
    load();
  };
  const offlineMessage = t`You are offline. Try again when connected.`;
  const repay = useMoneyAction(
    (key, id: number, amount: string) => sendRepay(key, id, amount),
    (loan) => {
      Toast.show({ icon: 'success', content: loan.status === 'repaid' ? t`Loan repaid` : t`Repayment made` });
      done();
    },
    { name: 'loan repay', offlineMessage },
  );
  const add = useMoneyAction(
    (key, id: number, amount: string) => sendAddCollateral(key, id, amount),
    () => {
      Toast.show({ icon: 'success', content: t`Collateral added` });
      done();
    },
    { name: 'loan add collateral', offlineMessage },
  );
  return (
    <>
      <Tabs activeKey={state} onChange={(k) => setState(k as 'open' | 'closed')}>
        <Tabs.Tab key="open" title={t`Open`} />
        <Tabs.Tab key="closed" title={t`Closed`} />
      </Tabs>
      {failed ? (
        <ErrorBlock status="disconnected" title={t`Your loans could not be loaded.`} description="">
          <button type="button" className={styles.primary} onClick={load}>
            <Trans>Retry</Trans>
          </button>
        </ErrorBlock>
      ) : rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={state === 'open' ? t`No open loans` : t`No closed loans yet`}
          description=""
        />
      ) : (
        <ul className={styles.cards} data-testid={`loans-${state}`}>
          {rows.map((l) => (
            <LoanCard
              key={l.id}
              loan={l}
              onRepay={l.status === 'open' ? () => setActing({ loan: l, action: 'repay' }) : undefined}
              onAdd={l.status === 'open' ? () => setActing({ loan: l, action: 'add' }) : undefined}
            />
          ))}
        </ul>
      )}
      <LoanActionSheet
        key={acting ? `${acting.loan.id}-${acting.action}` : 'none'}
        loan={acting?.loan ?? null}
        action={acting?.action ?? 'repay'}
        busy={repay.busy || add.busy}
        onConfirm={(amount) => {
          if (!acting) return;
          if (acting.action === 'repay') void repay.submit(acting.loan.id, amount);
          else void add.submit(acting.loan.id, amount);
        }}
        onClose={() => setActing(null)}
      />
    </>
  );
}
