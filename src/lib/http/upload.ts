import { config, TIMING } from './effects';
import { joinUrl } from './encode';
import { ApiError, fail, messages, settle, type SettleOptions } from './errors';

export interface UploadOptions extends SettleOptions {
  signal?: AbortSignal;
  /** Name sent with the bytes; the server stores under its own name either way. */
  fileName?: string;
}

/**
 * Uploads one image to /api/upload and resolves with the file reference. XMLHttpRequest rather
 * than fetch because only it reports upload progress (`onProgress` gets 0..1).
 */
export function uploadFile(
  file: Blob,
  onProgress?: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = config.createXhr();
    // `lang` in the query too: a file over the limit is refused (413) before its form is read.
    xhr.open(
      'POST',
      `${joinUrl(config.baseUrl, '/upload')}?${new URLSearchParams({ lang: config.getLang() }).toString()}`,
    );
    xhr.timeout = TIMING.requestTimeoutMs;
    const token = config.getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch (error) {
        // Left null: settle() reports the unexpected reply to the user.
        console.warn('upload: reply is not JSON', error);
      }
      if (xhr.status !== 200) {
        const text = (body as { message?: unknown } | null)?.message;
        reject(
          fail('http', typeof text === 'string' && text ? text : messages.status(xhr.status), options, xhr.status),
        );
        return;
      }
      try {
        onProgress?.(1);
        resolve(settle(body, options) as string);
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => reject(fail('network', messages.network(), options));
    xhr.ontimeout = () => reject(fail('timeout', messages.timeout(), options));
    xhr.onabort = () => reject(new ApiError('aborted', 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('lang', config.getLang());
    form.append('file', file, options.fileName ?? (file instanceof File ? file.name : 'image'));
    xhr.send(form);
  });
}
