import { formatMoney, formatNumber, trend } from '@/lib/format';
import styles from './copytrade.module.css';

/** USDT with two decimals and a sign colour class (up, down or none). */
export const usdt = (v: string | null | undefined) => (v === null || v === undefined ? '--' : formatMoney(v, 'USDT'));

export const signClass = (v: string | null | undefined) => {
  const d = trend(v);
  return d === 'up' ? styles.up : d === 'down' ? styles.down : undefined;
};

/** A percentage figure of the contract (already x 100). */
export const percent = (v: string) => `${formatNumber(v, 2)}%`;
