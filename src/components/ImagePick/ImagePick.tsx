import { useId } from 'react';
import { ProgressBar } from 'antd-mobile';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { useLingui } from '@lingui/react/macro';
import type { ImageUpload } from '@/lib/upload/useImageUpload';
import { FormField } from '../FormField';
import styles from './ImagePick.module.css';

/** Picks one image from the album (SPEC.md section 5) and shows its upload progress. */
export function ImagePick({ label, upload, error }: { label: string; upload: ImageUpload; error?: string }) {
  const { t } = useLingui();
  const id = useId();
  const note = {
    empty: '',
    uploading: t`Uploading ${Math.round(upload.progress * 100)}%`,
    uploaded: t`Uploaded`,
    offline: t`You are offline. The image is kept on this device and sent when the network returns.`,
    failed: t`Upload failed. Choose the image again.`,
  }[upload.status];
  return (
    <FormField label={label} error={error}>
      <label htmlFor={id} className={styles.imagePick}>
        {upload.preview ? <img src={upload.preview} alt={label} /> : <PictureOutline fontSize={32} />}
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-label={label}
          className={styles.fileInput}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) upload.pick(f);
            e.target.value = '';
          }}
        />
      </label>
      {upload.status === 'uploading' && <ProgressBar percent={upload.progress * 100} className={styles.progress} />}
      {note && (
        <div className={upload.status === 'failed' ? styles.error : styles.hint} role="status">
          {note}
        </div>
      )}
    </FormField>
  );
}
