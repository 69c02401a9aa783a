import { useCachedReply } from '@/lib/holdings';
import { fetchProduct, fetchProducts } from '../api/dual';

/** Products on sale (public): the stored list at once, offline with its time, then the server's. */
export function useProducts(currencyId: number | undefined) {
  const { value, savedAt, failed, refresh } = useCachedReply(`invest:products:${currencyId ?? 0}`, () =>
    fetchProducts(currencyId),
  );
  return { reply: value, savedAt, failed, refresh };
}

export function useProduct(id: number | undefined) {
  const { value, savedAt, failed, refresh } = useCachedReply(
    `invest:product:${id ?? 0}`,
    () => fetchProduct(id ?? 0),
    Boolean(id),
  );
  return { product: value, savedAt, failed, refresh };
}
