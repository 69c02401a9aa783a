import type { ReactNode } from 'react';
import styles from './toolkit.module.css';

/** A section's page: its title, actions on the right, then its content. */
export function SectionPage({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <h1 className={styles.sectionTitle}>{title}</h1>
        {/* One group at the right, however many buttons a section has. */}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A list beside the detail of its selected row; stacked on narrow screens (detail below). */
export function Split({ list, detail }: { list: ReactNode; detail?: ReactNode }) {
  return (
    <div className={styles.split}>
      <div>{list}</div>
      {detail}
    </div>
  );
}

/** A bordered block with a title: a record's detail, a form. */
export function Panel({ title, children, label }: { title?: ReactNode; children: ReactNode; label?: string }) {
  return (
    <div className={styles.panel} role="region" aria-label={label}>
      {title && <h2 className={styles.panelTitle}>{title}</h2>}
      {children}
    </div>
  );
}

/** Label and value pairs. */
export function Fields({ items }: { items: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <dl className={styles.fields}>
      {items.map(([label, value], i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A toolkit button: 44 px, `primary` or `danger` look. */
export function AdminButton({
  kind,
  children,
  ...rest
}: { kind?: 'primary' | 'danger' } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = kind === 'primary' ? styles.primary : kind === 'danger' ? styles.danger : '';
  return (
    <button type="button" {...rest} className={`${styles.button} ${look}`}>
      {children}
    </button>
  );
}
