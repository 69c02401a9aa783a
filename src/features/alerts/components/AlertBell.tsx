import { useState } from 'react';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '@/lib/http';
import { AlertSheet } from './AlertSheet';
import styles from './alerts.module.css';

/** The pair page's bell: opens the sheet that adds a price alert on `symbol` (signed in). */
export function AlertBell({ symbol, onCreated }: { symbol: string; onCreated?: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.bell}
        aria-label={t`Price alert`}
        data-testid="alert-bell"
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        <BellOutline />
      </button>
      <AlertSheet symbol={symbol} open={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}
