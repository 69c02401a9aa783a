import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/http';
import { uploadFile } from '@/lib/http/upload';

export type UploadStatus = 'empty' | 'uploading' | 'uploaded' | 'offline' | 'failed';

export interface ImageUpload {
  file: File | null;
  preview: string;
  progress: number;
  status: UploadStatus;
  /** The server's reference once uploaded. */
  ref: string;
  pick: (file: File) => void;
  /** Uploads now if not yet uploaded: the reference, or why there is none. */
  ensure: () => Promise<Ensured>;
  clear: () => void;
}

export type Ensured = { ref: string } | { ref: null; offline: boolean };

const isOffline = (e: unknown) => e instanceof ApiError && (e.type === 'network' || e.type === 'timeout');

/**
 * One image chosen from the album, uploaded at once with progress. Offline the image is kept so
 * the caller can queue it; the reference is only set after the server accepted the upload.
 */
export function useImageUpload(): ImageUpload {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<UploadStatus>('empty');
  const [ref, setRef] = useState('');
  const running = useRef<Promise<Ensured> | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = useCallback((f: File): Promise<Ensured> => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setStatus('offline');
      return Promise.resolve({ ref: null, offline: true });
    }
    setStatus('uploading');
    setProgress(0);
    running.current = uploadFile(f, setProgress, { silent: true }).then(
      (r) => {
        setRef(r);
        setStatus('uploaded');
        return { ref: r };
      },
      (e: unknown) => {
        setStatus(isOffline(e) ? 'offline' : 'failed');
        return { ref: null, offline: isOffline(e) };
      },
    );
    return running.current;
  }, []);

  const pick = useCallback(
    (f: File) => {
      setFile(f);
      setRef('');
      setPreview(URL.createObjectURL(f));
      void upload(f);
    },
    [upload],
  );

  const ensure = useCallback(async (): Promise<Ensured> => {
    if (ref) return { ref };
    if (status === 'uploading' && running.current) return running.current;
    return file ? upload(file) : { ref: null, offline: false };
  }, [ref, status, file, upload]);

  const clear = useCallback(() => {
    setFile(null);
    setPreview('');
    setRef('');
    setStatus('empty');
    setProgress(0);
  }, []);

  return { file, preview, progress, status, ref, pick, ensure, clear };
}
