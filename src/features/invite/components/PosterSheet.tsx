import { useEffect, useState } from 'react';
import { Button, DotLoading, Popup, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { drawPoster, posterFile, type PosterText } from '../model/poster';
import { savePoster, shareOrSavePoster } from '../model/share';
import styles from './invite.module.css';

interface PosterSheetProps {
  open: boolean;
  text: PosterText;
  onClose: () => void;
}

/** The invitation poster drawn on the device, to save or share as a PNG image. */
export function PosterSheet({ open, text, onClose }: PosterSheetProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { product, tagline, codeLabel, code, scan, link } = text;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    // Drawn off screen: the sheet's content mounts after its opening animation starts.
    const target = document.createElement('canvas');
    drawPoster(target, { product, tagline, codeLabel, code, scan, link })
      .then(() => posterFile(target, code))
      .then((made) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(made);
        setFile(made);
        setUrl(objectUrl);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.warn('poster: could not be drawn', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
      setFile(null);
    };
  }, [open, product, tagline, codeLabel, code, scan, link]);

  const share = async () => {
    if (!file) return;
    const outcome = await shareOrSavePoster(file, product);
    if (outcome === 'saved') Toast.show({ icon: 'success', content: t`Poster saved` });
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={styles.poster} data-testid="invite-poster">
        {url ? (
          <img src={url} alt={t`Invitation poster with your code and QR code`} data-testid="poster-image" />
        ) : failed ? (
          <p className={styles.note}>
            <Trans>The poster could not be drawn on this device.</Trans>
          </p>
        ) : (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        )}
        <div className={styles.actions}>
          <Button
            disabled={!file}
            onClick={() => {
              if (file) savePoster(file);
            }}
          >
            <Trans>Save image</Trans>
          </Button>
          <Button color="primary" disabled={!file} onClick={() => void share()}>
            <Trans>Share image</Trans>
          </Button>
        </div>
      </div>
    </Popup>
  );
}
