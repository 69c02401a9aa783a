/** The paged envelope of SPEC.md section 7 from a page of rows and the total. */
export function paged<T>(data: T[], total: number, page: number, limit: number) {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)) };
}
