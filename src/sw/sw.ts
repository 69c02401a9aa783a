/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { setupOutboxSync } from './outbox-sync';
import { setupPrecache } from './precache';
import { setupUpdate } from './update';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

setupUpdate(self);
setupPrecache(self.__WB_MANIFEST, import.meta.env.BASE_URL);
setupOutboxSync(self);
