import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ChainCurrency, Network } from '@contract/fund';
import { fetchInAddress } from '../api/recharge';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { copyText } from '@/lib/clipboard';
import { AddressQr } from './AddressQr';
import styles from './wallet.module.css';

interface DepositAddressProps {
  coin: ChainCurrency;
  network: Network;
  onChangeNetwork: () => void;
}

/** The user's deposit address for the coin and network, as a QR code and text to copy. */
export function DepositAddress({ coin, network, onChangeNetwork }: DepositAddressProps) {
  const { t } = useLingui();
  const q = useCachedQuery(`fund:address:${coin}:${network}`, () => fetchInAddress(coin, network));
  const copy = async (address: string) => {
    const ok = await copyText(address);
    Toast.show(
      ok
        ? { icon: 'success', content: t`Copied` }
        : { icon: 'fail', content: t`Copying is not available on this device.` },
    );
  };
  return (
    <section className={styles.card}>
      <div className={styles.recordRow}>
        <span className={styles.coin}>{coin}</span>
        <button type="button" className={styles.linkButton} onClick={onChangeNetwork}>
          {t`Network: ${network}`}
        </button>
      </div>
      {!q.value ? (
        q.stale ? (
          <ErrorBlock status="disconnected" title={t`The address is not available offline yet`} description="" />
        ) : (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        )
      ) : (
        <>
          {q.value.simulated && (
            <p className={styles.asOf} role="note" data-testid="deposit-simulated">
              <Trans>
                Simulated address (demo): no key stands behind it. Do not send real funds here; they would be lost.
              </Trans>
            </p>
          )}
          <AddressQr text={q.value.address} label={t`QR code of the deposit address`} />
          <div className={styles.address} data-testid="deposit-address">
            {q.value.address}
          </div>
          <Button block fill="outline" color="primary" onClick={() => void copy(q.value!.address)}>
            <Trans>Copy address</Trans>
          </Button>
          <dl className={styles.summary}>
            <dt>
              <Trans>Arrival</Trans>
            </dt>
            <dd>
              <Plural value={q.value.arrival_minutes} one="# minute" other="# minutes" />
            </dd>
            <dt>
              <Trans>Minimum</Trans>
            </dt>
            <dd>
              {q.value.recharge_min} {coin}
            </dd>
          </dl>
          <p className={styles.hint}>
            <Trans>
              Send only {coin} on the {network} network to this address. Then enter the amount and upload the payment
              voucher below.
            </Trans>
          </p>
        </>
      )}
    </section>
  );
}
