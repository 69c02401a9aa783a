import { useEffect, useState } from 'react';
import { appStore, tokenAtom } from '@/lib/state';

/**
 * A customer-service image (`/api/upload/<name>`), read through `/api/kefu/image/<name>` with the
 * session (uploads are private, so an `<img src>` cannot carry the token): a blob URL, or
 * `failed`.
 */
export function usePrivateImage(ref: string | null): { url: string; failed: boolean } {
  const [state, setState] = useState({ url: '', failed: false });
  useEffect(() => {
    if (!ref) return;
    const name = ref.split('/').pop() ?? '';
    const controller = new AbortController();
    let url = '';
    fetch(`/api/kefu/image/${encodeURIComponent(name)}`, {
      headers: { Authorization: appStore.get(tokenAtom) },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`image ${res.status}`);
        url = URL.createObjectURL(await res.blob());
        setState({ url, failed: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('support: image not loaded', error);
        setState({ url: '', failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [ref]);
  return state;
}
