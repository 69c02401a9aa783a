// The kinds register on import, before the page's first replay can meet their entries.
import './outbox-kinds';

export { startOutboxReplay } from '@/lib/outbox/page';
