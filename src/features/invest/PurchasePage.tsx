import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { buyDual, type DualProduct } from '@contract/invest';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fields from '@/components/OrderFields/OrderFields.module.css';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { useValidator } from '@/lib/validation';
import { useBuyDual } from './state/actions';
import { useProduct } from './state/products';
import { ProductCard } from './components/ProductCard';
import { aprPercent, coin, fiat2, quote } from './model/terms';
import styles from './components/invest.module.css';

/** `invest/purchase?id=`: buy whole shares of a product, with both possible payouts shown first. */
export function PurchasePage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const { product, failed } = useProduct(id);
  return (
    <div className={styles.page}>
      <NavBar title={t`Purchase`} />
      {!id ? (
        <ErrorBlock status="empty" title={t`This product does not exist.`} description="" />
      ) : product === undefined || (product === null && !failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : product === null ? (
        <ErrorBlock
          status="disconnected"
          title={t`Could not load this product.`}
          description={t`Try again when connected.`}
        />
      ) : (
        <PurchaseForm product={product} />
      )}
    </div>
  );
}

function PurchaseForm({ product: p }: { product: DualProduct }) {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const validate = useValidator();
  const [num, setNum] = useState('1');
  const [error, setError] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  const buy = useBuyDual(() => {
    setPending(null);
    go({ to: pages.invest.mine, search: { state: 'purchased' } }, { replace: true });
  });
  const shares = /^\d+$/.test(num) && Number(num) >= 1 ? Number(num) : null;
  const q = shares ? quote(p, shares) : null;
  const set = (v: string) => (setNum(v), setError(''));
  const step = (d: number) => set(String(Math.min(Math.max(1, (shares ?? 0) + d), Math.max(1, p.remaining_shares))));
  const review = () => {
    // The contract's rule and messages: "please enter the purchase quantity", "... should be an integer".
    const checked = validate(buyDual.request, { id: p.id, num });
    if (!checked.ok) return setError(checked.message);
    setPending(checked.data.num);
  };
  const onSale = p.status === 'on_sale';
  return (
    <div>
      <ul className={styles.list}>
        <ProductCard product={p} />
      </ul>
      <div className={styles.form}>
        <label className={fields.label} htmlFor="dual-num">
          <Trans>Shares</Trans>
        </label>
        <div className={styles.stepperRow}>
          <Button className={styles.step} onClick={() => step(-1)} aria-label={t`One share less`} disabled={!onSale}>
            −
          </Button>
          <div className={fields.input} style={{ flex: 1 }}>
            <Input
              id="dual-num"
              aria-label={t`Shares`}
              inputMode="numeric"
              value={num}
              onChange={(v) => set(v.slice(0, 10))}
              data-testid="dual-num"
            />
            <span className={fields.unit}>{t`shares`}</span>
          </div>
          <Button className={styles.step} onClick={() => step(1)} aria-label={t`One share more`} disabled={!onSale}>
            +
          </Button>
        </div>
        {error && (
          <div className={styles.fieldError} role="alert">
            {error}
          </div>
        )}
        <p className={styles.hint} data-testid="dual-amount">
          <Trans>
            Amount invested: {q ? coin(q.amount) : '--'} {p.currency_name}
          </Trans>
        </p>
        <div className={styles.branch}>
          <Trans>
            If {p.currency_name} settles below {fiat2(p.linked_price)} USDT you receive
          </Trans>
          <strong data-testid="payout-coin">
            {q ? coin(q.coin) : '--'} {p.currency_name}
          </strong>
        </div>
        <div className={styles.branch}>
          <Trans>
            If {p.currency_name} settles at or above {fiat2(p.linked_price)} USDT you receive
          </Trans>
          <strong data-testid="payout-usdt">{q ? fiat2(q.usdt) : '--'} USDT</strong>
        </div>
        <p className={styles.notice} style={{ margin: 0 }} data-testid="not-protected">
          <Trans>
            Not capital protected: at maturity you may receive USDT worth less than the coin you invested would then be
            worth, or the coin after its price has fallen.
          </Trans>
        </p>
        <Button
          color="primary"
          size="large"
          block
          disabled={!online || !onSale}
          onClick={review}
          data-testid="dual-buy"
        >
          <Trans>Buy</Trans>
        </Button>
        {!online && (
          <p className={styles.hint}>
            <Trans>You are offline. Purchases need a connection.</Trans>
          </p>
        )}
      </div>
      <ConfirmSheet
        open={pending !== null}
        title={t`Confirm purchase`}
        busy={buy.busy}
        onClose={() => setPending(null)}
        onConfirm={() => pending !== null && void buy.submit({ id: p.id, num: pending })}
        confirmTestId="dual-confirm"
      >
        {pending !== null && <ConfirmBody product={p} shares={pending} />}
      </ConfirmSheet>
    </div>
  );
}

function ConfirmBody({ product: p, shares }: { product: DualProduct; shares: number }) {
  const q = quote(p, shares);
  return (
    <>
      <dl className={confirmStyles.confirmList}>
        <dt>
          <Trans>Shares</Trans>
        </dt>
        <dd>{shares}</dd>
        <dt>
          <Trans>Amount invested</Trans>
        </dt>
        <dd data-testid="confirm-amount">
          {coin(q.amount)} {p.currency_name}
        </dd>
        <dt>
          <Trans>Annualized rate</Trans>
        </dt>
        <dd>{aprPercent(p.apr)}</dd>
        <dt>
          <Trans>Linked price</Trans>
        </dt>
        <dd>{fiat2(p.linked_price)} USDT</dd>
        <dt>
          <Trans>Maturity date</Trans>
        </dt>
        <dd>{formatDateTime(p.maturity_at, activeBcp47())}</dd>
        <dt>
          <Trans>Below the linked price</Trans>
        </dt>
        <dd>
          {coin(q.coin)} {p.currency_name}
        </dd>
        <dt>
          <Trans>At or above it</Trans>
        </dt>
        <dd>{fiat2(q.usdt)} USDT</dd>
      </dl>
      <p className={styles.hint}>
        <Trans>
          The amount is held in your exchange account until maturity. Not capital protected: you are paid in the coin or
          in USDT depending on the price recorded at maturity.
        </Trans>
      </p>
    </>
  );
}
