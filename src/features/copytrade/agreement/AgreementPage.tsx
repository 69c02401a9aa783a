import { NavBar } from '@/components/NavBar';
import type { AgreementText } from './types';
import styles from './agreement.module.css';

/**
 * The copy trading agreement in one language, as written: the zh and en routes each show their
 * own text whatever the app's language, so the title is the document's own too.
 */
export function AgreementPage({ text }: { text: AgreementText }) {
  const lang = text.lang === 'zh' ? 'zh-CN' : 'en';
  return (
    <div className={styles.page} lang={lang}>
      <NavBar title={text.title} />
      <article className={styles.article} data-testid="agreement">
        <h2 className={styles.title}>{text.title}</h2>
        <p className={styles.version}>{text.updated}</p>
        <p>{text.intro}</p>
        {text.sections.map((s) => (
          <section key={s.title} className={styles.section}>
            <h3>{s.title}</h3>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </section>
        ))}
        <p className={styles.closing}>{text.closing}</p>
      </article>
    </div>
  );
}
