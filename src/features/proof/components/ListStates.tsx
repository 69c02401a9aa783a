import type { ReactNode } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import styles from './proof.module.css';

/**
 * A proof page's list: loading while nothing is known, its failure when nothing could be loaded,
 * its empty state, else `children` and, while `more` is given, a button that loads the next page.
 */
export function ListStates<T>({
  value,
  count,
  failed,
  failedTitle,
  emptyTitle,
  more,
  children,
}: {
  /** undefined (or null: nothing stored) while nothing is known. */
  value: T | null | undefined;
  count: (value: T) => number;
  failed: boolean;
  failedTitle: string;
  emptyTitle: string;
  /** The next page's loader and the button's test id, while the list has more than it shows. */
  more?: { load: () => void; testId: string } | false;
  children: (value: T) => ReactNode;
}) {
  if (value === undefined || value === null) {
    return failed ? (
      <ErrorBlock status="disconnected" title={failedTitle} description="" />
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (count(value) === 0) return <ErrorBlock status="empty" title={emptyTitle} description="" />;
  return (
    <>
      {children(value)}
      {more && (
        <div className={styles.actions}>
          <Button size="small" onClick={more.load} data-testid={more.testId}>
            <Trans>Show more</Trans>
          </Button>
        </div>
      )}
    </>
  );
}
