/** A page request as the contract's `pagingRequest()` parses it (SPEC.md section 7: page 1, limit 10). */
export interface PageRequest {
  page: number;
  limit: number;
}

/** Rows to skip for a page: `query.limit(p.limit).offset(offsetOf(p))`. */
export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.limit;

/** The paged envelope of SPEC.md section 7 from one page of rows and the total. */
export function paged<T>(data: T[], total: number | string | bigint, p: PageRequest) {
  const count = Number(total);
  return { data, total: count, current_page: p.page, last_page: Math.max(1, Math.ceil(count / p.limit)) };
}

/**
 * One page of rows and the number of rows its filter matches, asked at once: `rows` is the page's
 * query (`.limit(p.limit).offset(offsetOf(p))`), `counted` a `select({ n: count() })` over the same
 * filter. The repositories' `{ rows, total }` for `paged`.
 */
export async function pageWithTotal<T>(
  rows: PromiseLike<T[]>,
  counted: PromiseLike<{ n: number | string }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [page, [count]] = await Promise.all([rows, counted]);
  return { rows: page, total: Number(count?.n ?? 0) };
}
