import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';

/** A server time (ISO) in the reader's locale, or a dash. */
export const when = (iso: string | null | undefined): string =>
  iso ? formatDateTime(Date.parse(iso), activeBcp47()) : '-';
