import { useEffect, useState } from 'react';
import { appStore, tokenAtom } from '@/lib/state';

/**
 * A private upload read with the session (an `<img src>` cannot carry the token): a blob URL of
 * `path` (under the site, e.g. `/api/kefu/image/<name>`), or `failed`. Nothing while `path` is null.
 * `context` names the feature in the log when the image does not load.
 */
export function useSignedInImage(path: string | null, context: string): { url: string; failed: boolean } {
  const [state, setState] = useState({ url: '', failed: false });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url = '';
    fetch(path, { headers: { Authorization: appStore.get(tokenAtom) }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`image ${res.status}`);
        url = URL.createObjectURL(await res.blob());
        setState({ url, failed: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`${context}: image not loaded`, error);
        setState({ url: '', failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, context]);
  return state;
}

/** The file name of an upload reference (`/api/upload/<name>`). */
export const uploadName = (ref: string) => encodeURIComponent(ref.split('/').pop() ?? '');
