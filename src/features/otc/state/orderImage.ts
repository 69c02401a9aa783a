import { useEffect, useState } from 'react';
import { appStore, tokenAtom } from '@/lib/state';

/**
 * An image of an order (proof, appeal, chat), read through `/api/otc/image/<order>/<name>` with the
 * session: uploads are private, so an `<img src>` cannot carry the token. A blob URL, or `failed`.
 */
export function useOrderImage(orderId: number, ref: string): { url: string; failed: boolean } {
  const [state, setState] = useState({ url: '', failed: false });
  useEffect(() => {
    const name = ref.split('/').pop() ?? '';
    const controller = new AbortController();
    let url = '';
    fetch(`/api/otc/image/${orderId}/${encodeURIComponent(name)}`, {
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
        console.warn('otc: image not loaded', error);
        setState({ url: '', failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId, ref]);
  return state;
}
