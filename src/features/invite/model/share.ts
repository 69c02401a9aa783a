import { copyText } from '@/lib/clipboard';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares the invite with the system share sheet (Web Share API); where there is none, or it
 * fails for another reason than the user closing it, copies the link instead.
 */
export async function shareInvite(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      console.warn('share: the share sheet failed, copying the link', error);
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed';
}

/**
 * Shares the poster as an image where the device can share files; else saves it as a download.
 */
export async function shareOrSavePoster(file: File, title: string): Promise<'shared' | 'saved' | 'cancelled'> {
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      console.warn('share: the poster could not be shared, saving it', error);
    }
  }
  savePoster(file);
  return 'saved';
}

/** Saves the poster as a download. */
export function savePoster(file: File): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
