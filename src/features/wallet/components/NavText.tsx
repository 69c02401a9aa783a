import styles from './wallet.module.css';

/** A text button for the navigation bar's right slot (history, records). */
export function NavText({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.navText} onClick={onClick}>
      {label}
    </button>
  );
}
