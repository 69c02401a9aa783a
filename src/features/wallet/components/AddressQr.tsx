import { useEffect, useState } from 'react';
import { DotLoading } from 'antd-mobile';
import styles from './wallet.module.css';
import { apiErrorsShown } from '@/lib/submit';

/** The address as a QR code image, drawn locally (works offline, nothing sent anywhere). */
export function AddressQr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    // Loaded on demand: the encoder is only needed on the recharge page.
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 360, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(apiErrorsShown('address QR code'));
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className={styles.qr}>
      {src ? (
        <img src={src} alt={label} width={180} height={180} data-testid="address-qr" />
      ) : (
        <DotLoading color="primary" />
      )}
    </div>
  );
}
