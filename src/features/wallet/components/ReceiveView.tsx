import { useAtomValue } from 'jotai';
import { networkAtom } from '@/lib/state';
import { useChosenCoin } from '../hooks/useChosenCoin';
import { pickNetwork } from '../model/networks';
import { DepositAddress } from './DepositAddress';
import { RechargeForm } from './RechargeForm';
import styles from './wallet.module.css';

/** The recharge page: deposit address, then amount and voucher. */
export function ReceiveView({ onChangeNetwork, onDone }: { onChangeNetwork: () => void; onDone: () => void }) {
  const coin = useChosenCoin();
  const network = pickNetwork(coin, useAtomValue(networkAtom));
  return (
    <div className={styles.page}>
      <DepositAddress coin={coin} network={network} onChangeNetwork={onChangeNetwork} />
      <RechargeForm coin={coin} network={network} onDone={onDone} />
    </div>
  );
}
