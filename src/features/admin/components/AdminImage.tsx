import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { config } from '@/lib/http/effects';
import { joinUrl } from '@/lib/http/encode';
import styles from './toolkit.module.css';

/** `/api/upload/<name>` (what users' requests carry) to the staff copy `/api/admin/upload/<name>`. */
export function adminUploadPath(ref: string): string | null {
  const name = /([A-Za-z0-9_-]+\.(?:png|jpe?g|webp|gif))$/i.exec(ref)?.[1];
  return name ? `/admin/upload/${name}` : null;
}

/**
 * A user's uploaded picture (voucher, identity card, chat image), read with the staff member's
 * session: an <img src> cannot send it, so the bytes are fetched and shown from a blob URL.
 * Opens full size in a new tab on click.
 */
export function AdminImage({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<{ for: string; url: string | null; failed: boolean }>({
    for: '',
    url: null,
    failed: false,
  });
  useEffect(() => {
    const path = adminUploadPath(src);
    if (!path) return;
    let url: string | null = null;
    let live = true;
    const token = config.getToken();
    config
      .fetch(joinUrl(config.baseUrl, path), { headers: token ? { Authorization: token } : {} })
      .then(async (r) => {
        if (!r.ok) throw new Error(`status ${r.status}`);
        const blob = await r.blob();
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ for: src, url, failed: false });
      })
      .catch(() => live && setState({ for: src, url: null, failed: true }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);

  const current = state.for === src ? state : null;
  if (!adminUploadPath(src) || current?.failed) {
    return (
      <span className={styles.imageMissing}>
        <Trans>Image not available</Trans>
      </span>
    );
  }
  if (!current?.url) {
    return (
      <span className={styles.imageMissing} role="status">
        <Trans>Loading…</Trans>
      </span>
    );
  }
  return (
    <a className={styles.imageLink} href={current.url} target="_blank" rel="noreferrer">
      <img className={styles.image} src={current.url} alt={alt} />
    </a>
  );
}
