import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatQuantity } from '@/lib/format';
import type { OpenEstimate } from '../model/math';
import type { LeverDraft } from '../model/form';
import { OrderFigures } from './OrderFigures';
import { PriceAndLots, StopPrices } from './OrderInputs';
import { LeveragePicker, SideAndType } from './OrderToggles';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

export interface OrderFormProps {
  draft: LeverDraft;
  onDraft: (next: LeverDraft) => void;
  multiples: readonly number[];
  base: string;
  quote: string;
  settle: string;
  lotSize: string | undefined;
  priceDecimals: number;
  /** Available in the lever account; undefined until known. */
  balance: string | undefined;
  last: string | undefined;
  estimate: OpenEstimate | null;
  error: string;
  busy: boolean;
  signedIn: boolean;
  online: boolean;
  onSubmit: () => void;
  onLogin: () => void;
  onTransfer: () => void;
}

/** Long or short, market or limit, lots, leverage, take-profit and stop-loss, and what it costs. */
export function OrderForm(props: OrderFormProps) {
  const { draft, onDraft, multiples, base, quote, settle, estimate, error, busy, signedIn, online } = props;
  const { t } = useLingui();
  const set = (patch: Partial<LeverDraft>) => onDraft({ ...draft, ...patch });
  const quantity = estimate
    ? `${formatQuantity(estimate.quantity, props.lotSize ?? estimate.quantity.decimalPlaces())} ${base}`
    : '';
  const lot = props.lotSize ? `${props.lotSize} ${base}` : '';
  const empty = signedIn && props.balance !== undefined && Number(props.balance) === 0;

  return (
    <section className={styles.form} aria-label={t`Futures order form`}>
      <SideAndType draft={draft} set={set} />
      <PriceAndLots
        draft={draft}
        set={set}
        quote={quote}
        last={props.last}
        priceDecimals={props.priceDecimals}
        quantity={quantity}
        lot={lot}
      />
      <LeveragePicker draft={draft} set={set} multiples={multiples} />
      <StopPrices draft={draft} set={set} quote={quote} />
      <OrderFigures
        estimate={estimate}
        settle={settle}
        priceDecimals={props.priceDecimals}
        balance={props.balance}
        signedIn={signedIn}
      />
      {draft.type === 'market' && estimate && (
        <span className={styles.hint}>{t`At the last price; the open uses the price when it arrives.`}</span>
      )}
      {empty && (
        <button
          type="button"
          className={styles.link}
          style={{ alignSelf: 'flex-start', padding: 0 }}
          onClick={props.onTransfer}
        >
          <Trans>Transfer USDT to the futures account</Trans>
        </button>
      )}
      {error && (
        <div className={fieldStyles.error} role="alert">
          {error}
        </div>
      )}
      {!online && (
        <div className={styles.hint} role="status">
          <Trans>You are offline: nothing is placed until you are connected.</Trans>
        </div>
      )}
      {signedIn ? (
        <Button
          block
          className={draft.side === 'long' ? styles.submitLong : styles.submitShort}
          data-testid="open-submit"
          loading={busy}
          disabled={busy || !online}
          onClick={props.onSubmit}
        >
          {draft.side === 'long' ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}
        </Button>
      ) : (
        <Button block color="primary" className={styles.login} onClick={props.onLogin}>
          <Trans>Log in to trade</Trans>
        </Button>
      )}
    </section>
  );
}
