/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { setupOutboxSync } from './outbox-sync';
import { db } from '../lib/db';
import { setupPrecache } from './precache';
import { setupPush } from './push';
import { setupRuntimeAssets } from './runtime-assets';
import { setupUpdate } from './update';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

setupUpdate(self);
setupPrecache(self.__WB_MANIFEST, import.meta.env.BASE_URL);
setupRuntimeAssets(self, import.meta.env.BASE_URL);
setupOutboxSync(self);
setupPush(self, db);
