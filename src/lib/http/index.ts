export { call, requireLogin, type CallOptions } from './client';
export { endpointRef, type EndpointRef } from './ref';
export { uploadFile, type UploadOptions } from './upload';
export { ApiError, resetRedirects, type SettleOptions } from './errors';
export { configureHttp, resetHttpConfig, ROUTES, TIMING, type HttpConfig, type HttpEffects } from './effects';
