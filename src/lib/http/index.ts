// Uploads are imported from '@/lib/http/upload': through this index every importer (home too)
// would load them.
export { call, requireLogin, type CallOptions } from './client';
export { endpointRef, type EndpointRef } from './ref';
export { earlyRequest, earlyRequestFor } from './early';
export { ApiError, resetRedirects, type SettleOptions } from './errors';
export { configureHttp, resetHttpConfig, ROUTES, TIMING, type HttpConfig, type HttpEffects } from './effects';
export { LOADING_SPINNER_DELAY_MS, slowRequests, subscribeSlowRequests } from './slow';
