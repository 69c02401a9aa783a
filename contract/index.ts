import type { Endpoint } from './define';
import * as auth from './auth';
import * as site from './site';
import * as dev from './dev';

export { auth, site, dev };

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'request' in v;

/** Every endpoint of the contract, for the server's route table and the OpenAPI document. */
export const allEndpoints: Endpoint[] = [auth, site, dev].flatMap((mod) =>
  Object.values(mod).filter(isEndpoint),
);
