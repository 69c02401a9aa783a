import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorsShown } from '@/lib/submit';

/** A page of a public proof list as the API answers it. */
export interface PageReply<Row, Extra> {
  data: Row[];
  total: number | string;
  extra: Extra;
}

/** What a proof list holds: the rows loaded so far, of `total`, and what page 1's reply added. */
export interface Paged<Row, Extra> {
  rows: Row[];
  total: number;
  page: number;
  extra: Extra;
}

/**
 * A public proof list loaded page by page, in memory. `fetchPage` changes with the filter: its page
 * 1 then replaces the rows. A reply to an earlier filter or a page already superseded is dropped,
 * so a slow reply to the unfiltered list can never replace the filtered one that came back first;
 * more pages are asked for only once the current filter's first page is shown.
 */
export function usePagedRows<Row, Extra>(fetchPage: (page: number) => Promise<PageReply<Row, Extra>>, what: string) {
  const [listing, setListing] = useState<Paged<Row, Extra> | undefined>();
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const shownFor = useRef<typeof fetchPage | null>(null);
  const load = useCallback(
    (page: number) => {
      const ask = ++latest.current;
      fetchPage(page)
        .then((r) => {
          if (ask !== latest.current) return;
          setFailed(false);
          shownFor.current = fetchPage;
          setListing((prev) => ({
            rows: page === 1 || !prev ? r.data : [...prev.rows, ...r.data],
            total: Number(r.total),
            page,
            extra: r.extra,
          }));
        })
        .catch((err: unknown) => {
          if (ask !== latest.current) return;
          setFailed(true);
          apiErrorsShown(what)(err);
        });
    },
    [fetchPage, what],
  );
  useEffect(() => load(1), [load]);
  const more = () => {
    if (listing && shownFor.current === fetchPage) load(listing.page + 1);
  };
  return { listing, failed, more };
}
