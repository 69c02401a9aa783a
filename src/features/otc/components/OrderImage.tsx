import { useLingui } from '@lingui/react/macro';
import { useOrderImage } from '../state/orderImage';
import styles from './otc.module.css';

export function OrderImage({ orderId, image, alt }: { orderId: number; image: string; alt: string }) {
  const { t } = useLingui();
  const loaded = useOrderImage(orderId, image);
  if (loaded.failed) return <span className={styles.hint}>{t`Image unavailable`}</span>;
  if (!loaded.url) return <span className={styles.hint}>{t`Loading image`}</span>;
  return (
    <a href={loaded.url} target="_blank" rel="noreferrer">
      <img className={styles.image} src={loaded.url} alt={alt} />
    </a>
  );
}
