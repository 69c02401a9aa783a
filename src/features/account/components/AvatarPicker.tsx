import { useEffect, useRef, useState } from 'react';
import { ActionSheet, Button, SpinLoading } from 'antd-mobile';
import CameraOutline from 'antd-mobile-icons/es/CameraOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { UPLOAD_LIMITS } from '@contract/site';
import { useAvatar } from '../hooks/useAvatar';
import { AvatarCropper } from './AvatarCropper';
import styles from './profile.module.css';

/**
 * The avatar on the profile: tap to take a photo or choose one from the album (one image), frame
 * it in the cropper; only the cropped square is uploaded (or queued while offline).
 */
export function AvatarPicker({ fallback }: { fallback: string }) {
  const { t } = useLingui();
  const avatar = useAvatar();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const picked = (file: File | undefined) => {
    if (!file) return;
    // The same types the server accepts; the cropper re-encodes, so size is not the limit here.
    if (!(UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(file.type)) {
      setProblem(t`Only JPEG, PNG or WebP images are accepted`);
      return;
    }
    setProblem('');
    setSource(URL.createObjectURL(file));
  };

  const input = (ref: React.RefObject<HTMLInputElement | null>, label: string, capture?: 'user') => (
    <input
      ref={ref}
      type="file"
      accept={UPLOAD_LIMITS.mimeTypes.join(',')}
      capture={capture}
      aria-label={label}
      className={styles.fileInput}
      onChange={(e) => {
        picked(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );

  return (
    <div className={styles.avatarBlock}>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => setChoosing(true)}
        aria-label={t`Change avatar`}
        data-testid="profile-avatar"
        data-state={avatar.waiting ? 'waiting' : 'current'}
      >
        {avatar.src ? <img src={avatar.src} alt="" data-testid="avatar-image" /> : <span>{fallback}</span>}
        {avatar.busy && (
          <span className={styles.avatarBusy}>
            <SpinLoading color="white" style={{ '--size': '24px' }} />
          </span>
        )}
        <span className={styles.cameraBadge} aria-hidden>
          <CameraOutline />
        </span>
      </button>
      {avatar.waiting && (
        <span className={styles.waiting} data-testid="avatar-waiting" role="status">
          <Trans>Waiting to upload</Trans>
        </span>
      )}
      {avatar.refused && (
        <div className={styles.refused} role="alert" data-testid="avatar-refused">
          <span>
            <Trans>Your new avatar was not accepted: {avatar.refused}</Trans>
          </span>
          <Button size="mini" fill="none" color="primary" onClick={avatar.dismiss}>
            <Trans>OK</Trans>
          </Button>
        </div>
      )}
      {problem && (
        <div className={styles.refused} role="alert">
          {problem}
        </div>
      )}
      {input(camera, t`Take a photo`, 'user')}
      {input(album, t`Choose from album`)}
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={t`Cancel`}
        actions={[
          { key: 'camera', text: t`Take a photo`, onClick: () => camera.current?.click() },
          { key: 'album', text: t`Choose from album`, onClick: () => album.current?.click() },
        ]}
        onAction={() => setChoosing(false)}
      />
      <AvatarCropper
        src={source}
        onCancel={() => setSource(null)}
        onCropped={(blob) => {
          setSource(null);
          void avatar.change(blob);
        }}
      />
    </div>
  );
}
