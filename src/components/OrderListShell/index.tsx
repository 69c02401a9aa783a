import type { ReactNode } from 'react';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';

/**
 * The list's pull-to-refresh and end texts. Each feature passes its own descriptors so that they
 * stay in its catalog: some languages word them differently from the shell's.
 */
export interface OrderListTexts {
  pulling: MessageDescriptor;
  canRelease: MessageDescriptor;
  refreshing: MessageDescriptor;
  complete: MessageDescriptor;
  noMore: MessageDescriptor;
  failedMore: MessageDescriptor;
}

export interface OrderListPageProps<K extends string> {
  className?: string;
  title: ReactNode;
  tabs: ReadonlyArray<{ key: K; title: string }>;
  tab: K;
  onTab: (tab: K) => void;
  /** Wraps the tab bar (a sticky one, for instance). */
  tabsClassName?: string;
  /** Under the tabs: the pair or side filters. */
  filters?: ReactNode;
  /** Shown to a signed-out user, above the log-in link. */
  loginTitle: string;
  linkClassName?: string;
  /** A spinner instead of the list while what it needs (the pair of a filter) is loading. */
  waiting: boolean;
  centerClassName?: string;
  /** The list, drawn for a signed-in user once nothing is awaited. */
  children: ReactNode;
  /** After the list (sheets the page opens). */
  after?: ReactNode;
}

/** An orders page: title, tabs, filters, then the list, or a log-in prompt when signed out. */
export function OrderListPage<K extends string>(props: OrderListPageProps<K>) {
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const { tabs, tab, onTab } = props;
  const tabBar = (
    <Tabs activeKey={tab} onChange={(k) => onTab(k as K)}>
      {tabs.map((x) => (
        <Tabs.Tab key={x.key} title={x.title} />
      ))}
    </Tabs>
  );
  return (
    <div className={props.className}>
      <NavBar title={props.title} />
      {props.tabsClassName ? <div className={props.tabsClassName}>{tabBar}</div> : tabBar}
      {props.filters}
      {!signedIn ? (
        <ErrorBlock status="empty" title={props.loginTitle} description="">
          <button type="button" className={props.linkClassName} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : props.waiting ? (
        <div className={props.centerClassName}>
          <DotLoading color="primary" />
        </div>
      ) : (
        props.children
      )}
      {props.after}
    </div>
  );
}

export interface PagedOrderListProps {
  texts: OrderListTexts;
  list: { refresh: () => Promise<unknown>; loadMore: () => Promise<void>; more: boolean; failed: boolean };
  /** Rows loaded so far; undefined while the first page loads. */
  count: number | undefined;
  /** The "as of" banner's text while the stored copy is shown; nothing when live. */
  asOf?: ReactNode;
  /**
   * The empty list's title. With it, the shell draws the first load's spinner and the empty state;
   * without it, `children` draws both.
   */
  empty?: string;
  /** Between the banner and the rows (totals, batch actions). */
  header?: ReactNode;
  /** Whether more pages load on scrolling (default true). */
  paged?: boolean;
  /** The feature's CSS module with its `asOf`, `center` and `noMore` classes. */
  classes: Readonly<Record<string, string>>;
  children: ReactNode;
  /** Inside the refreshable area, after the list end (a sheet the list opens). */
  after?: ReactNode;
}

/** A user's order list: pull to refresh, an offline banner, loading and empty states, more on scrolling. */
export function PagedOrderList(props: PagedOrderListProps) {
  const { i18n } = useLingui();
  const { texts, list, count, classes } = props;
  return (
    <PullToRefresh
      onRefresh={list.refresh}
      pullingText={i18n._(texts.pulling)}
      canReleaseText={i18n._(texts.canRelease)}
      refreshingText={i18n._(texts.refreshing)}
      completeText={i18n._(texts.complete)}
    >
      {props.asOf && (
        <div className={classes.asOf} role="status" data-testid="as-of">
          {props.asOf}
        </div>
      )}
      {props.header}
      {props.empty === undefined ? (
        props.children
      ) : count === undefined ? (
        <div className={classes.center}>
          <DotLoading color="primary" />
        </div>
      ) : count === 0 && !list.more ? (
        <ErrorBlock status="empty" title={props.empty} description="" />
      ) : (
        props.children
      )}
      {(props.paged ?? true) && (
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.more}>
          {list.more ? (
            <DotLoading color="primary" />
          ) : count ? (
            <span className={classes.noMore}>{i18n._(list.failed ? texts.failedMore : texts.noMore)}</span>
          ) : null}
        </InfiniteScroll>
      )}
      {props.after}
    </PullToRefresh>
  );
}
