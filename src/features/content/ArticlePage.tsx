import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { languageAtom } from '@/lib/state';
import { RichText } from './components/RichText';
import { LoadFailed, Loading } from './components/Status';
import { useArticle } from './state/content';
import styles from './components/content.module.css';

/**
 * One news article or notice (`common/article?id=`), its sanitised rich text, kept for reading
 * offline once opened. `bare` drops the navigation bar (the web view page).
 */
export function ArticlePage({ id, bare = false }: { id: number; bare?: boolean }) {
  const { t } = useLingui();
  const lang = useAtomValue(languageAtom);
  const article = useArticle(id);
  const a = article.value;
  return (
    <div className={styles.page}>
      {!bare && <NavBar title={t`Article`} />}
      <Refresh onRefresh={article.refresh}>
        <OfflineAsOf savedAt={article.savedAt} show={article.failed} />
        {a === undefined || (a === null && !article.failed) ? (
          <Loading />
        ) : a === null ? (
          <LoadFailed onRetry={() => void article.refresh()} />
        ) : (
          <article className={styles.article} data-testid="article">
            <h1 className={styles.articleTitle}>{a.title}</h1>
            <p className={styles.articleMeta}>
              <time dateTime={new Date(a.published_at).toISOString()}>
                {formatDateTime(a.published_at, activeBcp47())}
              </time>
              {a.locale !== lang && <LocaleNote />}
            </p>
            <RichText html={a.body} testId="article-body" />
          </article>
        )}
      </Refresh>
    </div>
  );
}

/** Said when the text shown is the English fallback (the chosen language has none yet). */
function LocaleNote() {
  return (
    <span className={styles.localeNote}>
      <Trans>English text</Trans>
    </span>
  );
}
