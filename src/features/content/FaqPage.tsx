import { useState } from 'react';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { RichText } from './components/RichText';
import { Empty, LoadFailed, Loading } from './components/Status';
import { useFaq } from './state/content';
import styles from './components/content.module.css';

/** `common/faq`: questions that open to their answers; readable offline once loaded. */
export function FaqPage() {
  const { t } = useLingui();
  const faq = useFaq();
  const [open, setOpen] = useState<number | null>(null);
  const list = faq.value;
  return (
    <div className={styles.page}>
      <NavBar title={t`FAQ`} />
      <Refresh onRefresh={faq.refresh}>
        <OfflineAsOf savedAt={faq.savedAt} show={faq.failed} />
        {list === undefined || (list === null && !faq.failed) ? (
          <Loading />
        ) : list === null ? (
          <LoadFailed onRetry={() => void faq.refresh()} />
        ) : list.length === 0 ? (
          <Empty title={t`No questions yet`} />
        ) : (
          <ul className={styles.list} data-testid="faq">
            {list.map((q) => {
              const expanded = open === q.id;
              return (
                <li key={q.id} className={styles.faqItem}>
                  <button
                    type="button"
                    className={styles.question}
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : q.id)}
                  >
                    <span>{q.question}</span>
                    <DownOutline className={expanded ? styles.chevronOpen : styles.chevron} aria-hidden="true" />
                  </button>
                  {expanded && (
                    <div className={styles.answer}>
                      <RichText html={q.answer} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Refresh>
    </div>
  );
}
