import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { COLLAPSED_COUNT, QUICK_ENTRIES, type QuickEntry } from '../model/entries';
import { EntryIcon } from './EntryIcon';
import styles from './home.module.css';

export interface QuickEntriesProps {
  onOpen: (entry: QuickEntry) => void;
}

/** The quick-entry grid: the first entries, then all of them behind "More". */
export function QuickEntries({ onOpen }: QuickEntriesProps) {
  const { t, i18n } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? QUICK_ENTRIES : QUICK_ENTRIES.slice(0, COLLAPSED_COUNT - 1);
  return (
    <section className={styles.card} aria-label={t`Quick entries`}>
      <ul className={styles.grid}>
        {shown.map((entry) => (
          <li key={entry.key}>
            <button type="button" className={styles.entry} onClick={() => onOpen(entry)}>
              <EntryIcon name={entry.key} className={styles.entryIcon} />
              <span className={styles.entryLabel}>{i18n._(entry.label)}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.entry}
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
          >
            <EntryIcon name="more" className={styles.entryIcon} />
            <span className={styles.entryLabel}>{expanded ? t`Less` : t`More`}</span>
          </button>
        </li>
      </ul>
    </section>
  );
}
