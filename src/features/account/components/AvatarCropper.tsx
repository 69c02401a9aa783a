import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button, Popup, Slider } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { cropToBlob } from '../model/crop';
import styles from './profile.module.css';

export interface AvatarCropperProps {
  /** Object URL of the chosen picture; null closes the cropper. */
  src: string | null;
  onCancel: () => void;
  /** The framed square, small and ready to upload. */
  onCropped: (blob: Blob) => void;
}

/** Frames the avatar: drag to move, pinch or the slider to zoom; the round frame is what others see. */
export function AvatarCropper({ src, onCancel, onCropped }: AvatarCropperProps) {
  const { t } = useLingui();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    if (!src || !area || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      onCropped(await cropToBlob(src, area));
    } catch (error) {
      console.warn('avatar: crop failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={src !== null} onClose={onCancel} position="bottom" bodyClassName={styles.cropSheet} destroyOnClose>
      <div role="dialog" aria-label={t`Crop your avatar`} className={styles.cropDialog}>
        <h2 className={styles.cropTitle}>
          <Trans>Crop your avatar</Trans>
        </h2>
        <div className={styles.cropArea} data-testid="avatar-cropper">
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              minZoom={1}
              maxZoom={4}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <p className={styles.cropHint}>
          <Trans>Drag to move, pinch or use the slider to zoom.</Trans>
        </p>
        <Slider
          className={styles.zoom}
          min={1}
          max={4}
          step={0.01}
          value={zoom}
          onChange={(v) => setZoom(typeof v === 'number' ? v : v[0])}
          aria-label={t`Zoom`}
        />
        {failed && (
          <div className={styles.error} role="alert">
            <Trans>This picture could not be read. Please choose another one.</Trans>
          </div>
        )}
        <div className={styles.cropActions}>
          <Button block size="large" fill="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button block size="large" color="primary" loading={busy} disabled={!area} onClick={() => void confirm()}>
            <Trans>Use this photo</Trans>
          </Button>
        </div>
      </div>
    </Popup>
  );
}
