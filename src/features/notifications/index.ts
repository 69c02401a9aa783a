import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('notifications');

export { NotificationCentre } from './components/NotificationCentre';
export { NotificationSettings } from './components/NotificationSettings';
export { NotificationBell, NotificationEntries } from './components/NotificationEntries';
export { PushOffer, usePushOffer } from './components/PushOffer';
export { unsubscribeDevice } from './state/device';
