import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { pages, type GoTo } from '@/lib/nav';
import { InIcon, OutIcon, SwapIcon, TransferIcon } from './icons';
import styles from './wallet.module.css';

/** Recharge, withdraw, transfer and exchange entries under the total. */
export function QuickActions({ onNavigate }: { onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const actions: { key: string; to: GoTo; label: string; icon: ReactNode }[] = [
    {
      key: 'recharge',
      to: { to: pages.fund.select, search: { next: 'receive' } },
      label: t`Recharge`,
      icon: <InIcon />,
    },
    {
      key: 'withdraw',
      to: { to: pages.fund.select, search: { next: 'withdraw' } },
      label: t`Withdraw`,
      icon: <OutIcon />,
    },
    { key: 'transfer', to: pages.fund.fundTransfer, label: t`Transfer`, icon: <TransferIcon /> },
    { key: 'exchange', to: pages.fund.transfer, label: t`Exchange`, icon: <SwapIcon /> },
  ];
  return (
    <div className={styles.actions}>
      {actions.map((a) => (
        <button key={a.key} type="button" className={styles.action} onClick={() => onNavigate(a.to)}>
          <span className={styles.actionIcon}>{a.icon}</span>
          {a.label}
        </button>
      ))}
    </div>
  );
}
