import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The QR code of `link` as a data URL; null until drawn (or when drawing failed, which is logged). */
export function useQrCode(link: string): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    QRCode.toDataURL(link, { width: 352, margin: 0, errorCorrectionLevel: 'M' })
      .then((url) => !cancelled && setQr(url))
      .catch((error: unknown) => console.warn('invite: the QR code could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [link]);
  return qr;
}
