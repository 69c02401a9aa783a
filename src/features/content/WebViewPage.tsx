import { useCanGoBack, useRouter } from '@tanstack/react-router';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ContentPage } from '@contract/content';
import { ArticlePage } from './ArticlePage';
import { InfoPageView } from './InfoPageView';
import styles from './components/content.module.css';

/**
 * `common/webView`: the one page without the custom navigation bar (SPEC.md section 2). It shows
 * our own content only (`?page=` an info page, `?id=` an article), never an outside address, with
 * a plain back link above it.
 */
export function WebViewPage({ page, id }: { page?: ContentPage; id?: number }) {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const back = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }));
  return (
    <div className={styles.webView}>
      <button type="button" className={styles.webBack} onClick={back} aria-label={t`Back`}>
        <LeftOutline aria-hidden="true" />
      </button>
      {id !== undefined ? <ArticlePage id={id} bare /> : page && <InfoPageView page={page} bare />}
      {id === undefined && !page && (
        <p className={styles.center}>
          <Trans>Nothing to show here.</Trans>
        </p>
      )}
    </div>
  );
}
