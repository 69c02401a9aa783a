import { useEffect, useState } from 'react';
import { getCollection } from '@contract/nft';
import { call } from '@/lib/http/client';
import { apiErrorsShown } from '@/lib/submit';

export type Option = { value: string; label: string };

/** The collections a new artwork may join (null while loading; empty after a failure, which is shown). */
export function useCollections(): Option[] | null {
  const [collections, setCollections] = useState<Option[] | null>(null);
  useEffect(() => {
    let live = true;
    call(getCollection, { page: 1, limit: 100 }).then(
      (page) =>
        live && setCollections(page.data.map((c) => ({ value: String(c.id), label: `${c.name} · ${c.artist_name}` }))),
      (err: unknown) => {
        apiErrorsShown('collections')(err);
        if (live) setCollections([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return collections;
}
