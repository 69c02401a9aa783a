import { useLingui } from '@lingui/react/macro';
import styles from './nft.module.css';

export type MediaKind = 'image' | 'gif' | 'audio' | 'video' | 'blind_box';

interface MediaProps {
  kind: MediaKind;
  /** The still picture: the artwork itself, or the cover of audio, video and blind boxes. */
  cover: string;
  /** The sound or film file; absent for pictures and unopened boxes. */
  src?: string;
  name: string;
  /** Players only on the detail screens; cards show the cover. */
  player?: boolean;
}

/** An artwork's media: picture, or the cover with an audio or video player on detail screens. */
export function Media({ kind, cover, src, name, player = false }: MediaProps) {
  const { t } = useLingui();
  if (player && kind === 'video' && src) {
    return (
      <video
        className={styles.video}
        src={src}
        poster={cover}
        controls
        playsInline
        preload="metadata"
        aria-label={t`Video: ${name}`}
        data-testid="nft-video"
      />
    );
  }
  return (
    <div className={styles.mediaBox}>
      <img className={styles.cover} src={cover} alt={name} loading="lazy" />
      {player && kind === 'audio' && src && (
        <audio
          className={styles.audio}
          src={src}
          controls
          preload="metadata"
          aria-label={t`Audio: ${name}`}
          data-testid="nft-audio"
        />
      )}
    </div>
  );
}
