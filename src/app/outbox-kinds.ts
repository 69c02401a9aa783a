/**
 * Every outbox kind of the app, registered for whoever replays the queue: the service worker
 * (src/sw/sw.ts) and the page (./useOutboxReplay). The worker bundles this module, so it imports
 * only each feature's `outbox/` folder, which lint keeps free of page code. A new kind is one
 * more line here.
 */
import { avatarKind } from '@/features/account/outbox/avatarKind';
import { favoriteKind } from '@/features/market/outbox/favoriteKind';
import { otcPaidKind } from '@/features/otc/outbox/paidKind';
import { rechargeKind } from '@/features/wallet/outbox/rechargeKind';
import { registerOutboxKind } from '@/lib/outbox/registry';

registerOutboxKind(favoriteKind);
registerOutboxKind(rechargeKind);
registerOutboxKind(avatarKind);
registerOutboxKind(otcPaidKind);
