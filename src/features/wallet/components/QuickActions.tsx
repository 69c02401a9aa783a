import { useLingui } from '@lingui/react/macro';
import { InIcon, OutIcon, SwapIcon, TransferIcon } from './icons';
import styles from './wallet.module.css';

/** Recharge, withdraw, transfer and exchange entries under the total. */
export function QuickActions({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useLingui();
  const actions = [
    { to: '/pages/fund/select?next=receive', label: t`Recharge`, icon: <InIcon /> },
    { to: '/pages/fund/select?next=withdraw', label: t`Withdraw`, icon: <OutIcon /> },
    { to: '/pages/fund/fundTransfer', label: t`Transfer`, icon: <TransferIcon /> },
    { to: '/pages/fund/transfer', label: t`Exchange`, icon: <SwapIcon /> },
  ];
  return (
    <div className={styles.actions}>
      {actions.map((a) => (
        <button key={a.to} type="button" className={styles.action} onClick={() => onNavigate(a.to)}>
          <span className={styles.actionIcon}>{a.icon}</span>
          {a.label}
        </button>
      ))}
    </div>
  );
}
