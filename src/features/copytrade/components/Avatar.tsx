import styles from './copytrade.module.css';

/** The trader's picture when the reply has one, else the first letter of the name. */
export function Avatar({ name, src, large = false }: { name: string; src?: string | null; large?: boolean }) {
  return (
    <span className={large ? styles.avatarLarge : styles.avatar} aria-hidden="true">
      {src ? <img src={src} alt="" /> : (Array.from(name.trim())[0] ?? '?').toUpperCase()}
    </span>
  );
}
