import { useState } from 'react';
import { Popup, Toast } from 'antd-mobile';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ad, OtcOrder, PayMethod } from '@contract/otc';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatMoney } from '@/lib/format';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendOpen } from '../api/otc';
import { fiatAmount, orderCeiling, quantityProblem, takerSide } from '../model/otc';
import { METHOD_LABELS, QUANTITY_PROBLEMS } from '../model/texts';
import styles from './otc.module.css';

interface OpenOrderSheetProps {
  ad: Ad;
  onClose: () => void;
  onOpened: (order: OtcOrder) => void;
}

/** Opening an order on an ad: the quantity within its limits, the fiat amount, the method; then every figure. */
export function OpenOrderSheet({ ad, onClose, onOpened }: OpenOrderSheetProps) {
  const { t, i18n } = useLingui();
  const [quantity, setQuantity] = useState('');
  const [method, setMethod] = useState<PayMethod>(ad.methods[0] ?? 'bank');
  const [confirming, setConfirming] = useState(false);
  const buying = takerSide(ad.side) === 'buy';
  const problem = quantity === '' ? null : quantityProblem(quantity, ad);
  const amount = ad.price !== null && quantity !== '' && !problem ? fiatAmount(quantity, ad.price) : null;
  const open = useMoneyAction(
    (key, q: string, m: PayMethod) => sendOpen(key, ad.id, q, m),
    (order) => {
      Toast.show({ icon: 'success', content: t`Order opened` });
      onOpened(order);
    },
    { name: 'otc open order', offlineMessage: t`You are offline. Try again when connected.` },
  );
  const title = buying ? t`Buy ${ad.coin}` : t`Sell ${ad.coin}`;
  return (
    <>
      <Popup
        visible={!confirming}
        onMaskClick={onClose}
        onClose={onClose}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <div className={confirm.sheet} role="dialog" aria-label={title}>
          <h2 className={confirm.title}>{title}</h2>
          <dl className={styles.figures}>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd>
              {ad.price === null ? '--' : formatMoney(ad.price, ad.fiat)} {ad.fiat}
            </dd>
            <dt>
              <Trans>Limits</Trans>
            </dt>
            <dd>
              {formatMoney(ad.min_qty, ad.coin)} - {formatMoney(orderCeiling(ad), ad.coin)} {ad.coin}
            </dd>
          </dl>
          <label className={styles.label} htmlFor="otc-quantity">
            <Trans>Quantity ({ad.coin})</Trans>
          </label>
          <div className={styles.composer}>
            <input
              id="otc-quantity"
              className={styles.input}
              inputMode="decimal"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value.trim())}
              data-testid="otc-quantity"
            />
            <button type="button" className={styles.secondary} onClick={() => setQuantity(orderCeiling(ad))}>
              <Trans>All</Trans>
            </button>
          </div>
          {problem && <p className={styles.error}>{i18n._(QUANTITY_PROBLEMS[problem])}</p>}
          <p className={styles.hint} data-testid="otc-fiat-amount">
            {buying ? <Trans>You pay</Trans> : <Trans>You receive</Trans>}:{' '}
            {amount === null ? '--' : `${formatMoney(amount, ad.fiat)} ${ad.fiat}`}
          </p>
          <span className={styles.label}>
            <Trans>Payment method</Trans>
          </span>
          <div className={styles.row}>
            {ad.methods.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={m === method}
                className={`${styles.chip} ${m === method ? styles.selected : ''}`}
                onClick={() => setMethod(m)}
              >
                {i18n._(METHOD_LABELS[m])}
              </button>
            ))}
          </div>
          {ad.terms && <p className={styles.hint}>{ad.terms}</p>}
          <div className={confirm.buttons} style={{ marginTop: 16 }}>
            <button type="button" className={styles.secondary} onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className={styles.primary}
              disabled={amount === null}
              onClick={() => setConfirming(true)}
              data-testid="otc-next"
            >
              {title}
            </button>
          </div>
        </div>
      </Popup>
      <ConfirmSheet
        open={confirming && amount !== null}
        title={t`Confirm order`}
        busy={open.busy}
        onConfirm={() => void open.submit(quantity, method)}
        onClose={() => setConfirming(false)}
        confirmTestId="otc-confirm-open"
      >
        <OpenFigures ad={ad} quantity={quantity} amount={amount} method={method} />
      </ConfirmSheet>
    </>
  );
}

/** Every figure of the order before it opens (no fee: OTC takes none). */
function OpenFigures({
  ad,
  quantity,
  amount,
  method,
}: {
  ad: Ad;
  quantity: string;
  amount: string | null;
  method: PayMethod;
}) {
  const { t, i18n } = useLingui();
  const buying = takerSide(ad.side) === 'buy';
  const minutes = ad.window_minutes;
  return (
    <>
      <dl className={confirm.confirmList}>
        <dt>
          <Trans>Merchant</Trans>
        </dt>
        <dd>{ad.merchant.nickname}</dd>
        <dt>{buying ? <Trans>You buy</Trans> : <Trans>You sell</Trans>}</dt>
        <dd data-testid="confirm-quantity">
          {formatMoney(quantity, ad.coin)} {ad.coin}
        </dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>
          {ad.price === null ? '--' : formatMoney(ad.price, ad.fiat)} {ad.fiat}
        </dd>
        <dt>{buying ? <Trans>You pay</Trans> : <Trans>You receive</Trans>}</dt>
        <dd data-testid="confirm-fiat">
          {amount === null ? '--' : formatMoney(amount, ad.fiat)} {ad.fiat}
        </dd>
        <dt>
          <Trans>Payment method</Trans>
        </dt>
        <dd>{i18n._(METHOD_LABELS[method])}</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd>
          <Trans>None</Trans>
        </dd>
        <dt>
          <Trans>Payment window</Trans>
        </dt>
        <dd>{t`${plural(minutes, { one: '# minute', other: '# minutes' })}`}</dd>
      </dl>
      <p className={styles.hint}>
        {buying ? (
          <Trans>
            The seller's coins are held in escrow now. Pay the fiat amount outside the app within the window, then mark
            the order paid; unpaid orders are cancelled when the window ends.
          </Trans>
        ) : (
          <Trans>
            Your coins are held in escrow now. Release them only after the buyer's payment has arrived in your account.
          </Trans>
        )}
      </p>
    </>
  );
}
