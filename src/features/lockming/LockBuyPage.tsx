import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { currencyDecimals, formatMoney, formatSpendable } from '@/lib/format';
import { pages, useGo } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { ProductCard } from './components/ProductCard';
import { DepositSheet } from './components/DepositSheet';
import { amountProblem, expectedRange } from './model/terms';
import { useDeposit } from './state/actions';
import { useChangeBalance, useLockProducts } from './state/products';
import styles from './components/lockming.module.css';

/** `lockming/buy?id=`: amount, minimum, expected interest for the lock days, then the confirmation sheet. */
export function LockBuyPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const go = useGo();
  const signedIn = useAtomValue(isLoggedInAtom);
  const products = useLockProducts();
  const product = products.value?.find((p) => p.id === id);
  const balance = useChangeBalance(product?.currency_id, signedIn);
  const [amount, setAmount] = useState('');
  // The amount being confirmed and when the sheet opened (its dates are of that moment).
  const [pending, setPending] = useState<{ amount: string; at: number } | null>(null);
  const deposit = useDeposit(() => {
    setPending(null);
    void balance.refresh();
    go({ to: pages.lockming.order, search: { state: 'in_progress' } }, { replace: true });
  });

  if (products.value === undefined || (products.value === null && !products.failed)) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Lock`} />
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      </div>
    );
  }
  if (!product) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Lock`} />
        <ErrorBlock status="empty" title={t`This product is not on offer`} description="">
          <Button onClick={() => go(pages.lockming.lockming)}>
            <Trans>See the products</Trans>
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  const available = balance.value?.available;
  const trimmed = amount.trim();
  const valid = /^\d+(\.\d{1,8})?$/.test(trimmed) && Number(trimmed) > 0;
  const problem = valid ? amountProblem(trimmed, product.min_amount, available) : null;
  const expected = valid ? expectedRange(trimmed, product.min_rate, product.max_rate, product.days) : null;
  const c = product.currency_name;
  return (
    <div className={styles.page}>
      <NavBar title={t`Lock ${product.name}`} />
      <ul className={styles.cards}>
        <ProductCard product={product} />
      </ul>
      <div className={styles.form}>
        <label className={styles.field}>
          <Input
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            placeholder={t`Minimum ${formatMoney(product.min_amount, c)}`}
            aria-label={t`Amount`}
            data-testid="lock-amount"
          />
          <span>{c}</span>
          {available !== undefined && (
            <button type="button" className={styles.link} onClick={() => setAmount(available)}>
              <Trans>All</Trans>
            </button>
          )}
        </label>
        <div className={styles.hint}>
          <span data-testid="lock-available">
            {signedIn
              ? t`Available in exchange account: ${formatSpendable(available, currencyDecimals(c))} ${c}`
              : t`Log in to lock`}
          </span>
          {problem === 'minimum' && (
            <span className={styles.problem}>{t`Below the minimum of ${formatMoney(product.min_amount, c)} ${c}`}</span>
          )}
          {problem === 'balance' && (
            <button type="button" className={styles.link} onClick={() => go(pages.fund.transfer)}>
              <Trans>Insufficient balance: transfer funds</Trans>
            </button>
          )}
          {trimmed !== '' && !valid && <span className={styles.problem}>{t`Enter a valid amount`}</span>}
        </div>
        <p className={styles.expected}>
          <Trans>
            Expected interest over <Plural value={product.days} one="# day" other="# days" />:
          </Trans>{' '}
          <strong data-testid="lock-expected">
            {expected ? `${formatMoney(expected.min, c)} - ${formatMoney(expected.max, c)} ${c}` : '--'}
          </strong>
        </p>
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid || problem !== null}
          onClick={() => setPending({ amount: trimmed, at: Date.now() })}
          data-testid="lock-submit"
        >
          <Trans>Lock</Trans>
        </Button>
      </div>
      <DepositSheet
        product={product}
        amount={pending?.amount ?? null}
        now={pending?.at ?? 0}
        busy={deposit.busy}
        onConfirm={() => pending !== null && deposit.submit(product.id, pending.amount)}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
