import { useEffect, useState, type ReactNode } from 'react';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import ArrowsAltOutline from 'antd-mobile-icons/es/ArrowsAltOutline';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import CouponOutline from 'antd-mobile-icons/es/CouponOutline';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UploadOutline from 'antd-mobile-icons/es/UploadOutline';
import type { EntryIcon as Key } from '../model/entries';
import type { ExtraKey } from './extraIcons';
import { apiErrorsShown } from '@/lib/submit';

/**
 * Icon and tile tint of each entry; tints group related features (money, trading, earning).
 * Only the icons visible before "More" are in the home bundle; the rest load when unfolded.
 */
const PRIMARY: Partial<Record<Key | 'more', ReactNode>> = {
  recharge: <DownlandOutline />,
  withdraw: <UploadOutline />,
  stock: <HistogramOutline />,
  futures: <ArrowsAltOutline />,
  copy: <TeamOutline />,
  financial: <PayCircleOutline />,
  margin: <CalculatorOutline />,
  otc: <ShopbagOutline />,
  coupon: <CouponOutline />,
  more: <AppstoreOutline />,
};

const TINTS: Record<Key | 'more', string> = {
  recharge: '#28ba98',
  withdraw: '#f7a35c',
  stock: '#5b8def',
  futures: '#f04a5a',
  copy: '#a77bf3',
  financial: '#f5c542',
  margin: '#5b8def',
  otc: '#28ba98',
  coupon: '#f04a5a',
  bills: '#8f96a8',
  exchange: '#3fc1d9',
  mining: '#f5c542',
  game: '#ff8a65',
  chat: '#3fc1d9',
  quickBuy: '#28ba98',
  defi: '#a77bf3',
  cloud: '#5b8def',
  transfer: '#f7a35c',
  ieo: '#f5c542',
  options: '#f04a5a',
  borrow: '#8f96a8',
  more: '#8f96a8',
};

let extra: Record<ExtraKey, ReactNode> | undefined;

function useIcon(name: Key | 'more'): ReactNode {
  const [, loaded] = useState(0);
  const icon = PRIMARY[name] ?? extra?.[name as ExtraKey];
  useEffect(() => {
    if (icon) return;
    import('./extraIcons')
      .then((m) => {
        extra = m.EXTRA_ICONS;
        loaded((n) => n + 1);
      })
      .catch(apiErrorsShown('entry icons'));
  }, [icon]);
  return icon;
}

export function EntryIcon({ name, className }: { name: Key | 'more'; className?: string }) {
  const tint = TINTS[name];
  return (
    // About 16% alpha of the tint behind the glyph.
    <span className={className} style={{ color: tint, background: `${tint}29` }} aria-hidden="true">
      {useIcon(name)}
    </span>
  );
}
