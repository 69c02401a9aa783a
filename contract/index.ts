import type { Endpoint } from './define';
import * as auth from './auth';
import * as site from './site';
import * as dev from './dev';
import * as market from './market';
import * as fund from './fund';
import * as identity from './identity';
import * as admin from './admin';
import * as wallet from './wallet';
import * as trade from './trade';
import * as futures from './futures';
import * as seconds from './seconds';
import * as lockming from './lockming';
import * as invest from './invest';
import * as copytrade from './copytrade';
import * as ieo from './ieo';
import * as nft from './nft';
import * as push from './push';
import * as notice from './notice';
import * as support from './support';
import * as invite from './invite';
import * as coupon from './coupon';
import * as bill from './bill';
import * as profile from './profile';
import * as content from './content';
import * as proof from './proof';
import * as security from './security';
import * as record from './record';
import * as conditional from './conditional';
import * as otc from './otc';
import * as loans from './loans';
import * as alerts from './alerts';
import * as recurring from './recurring';

export { auth, site, dev, market, fund, identity, admin, wallet, trade, seconds, futures, copytrade, ieo, lockming };

export { invest };

export { nft };

export { push, notice };

export { support };

export { invite };

export { coupon, bill };

export { profile };

export { content };

export { proof, record };

export { security };

export { conditional };

export { otc };

export { loans };

export { alerts };
export { recurring };

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'request' in v;

/** Every endpoint of the contract, for the server's route table and the OpenAPI document. */
export const allEndpoints: Endpoint[] = [
  auth,
  site,
  dev,
  market,
  fund,
  identity,
  admin,
  wallet,
  trade,
  seconds,
  invest,
  futures,
  copytrade,
  ieo,
  lockming,
  nft,
  push,
  notice,
  support,
  invite,
  coupon,
  bill,
  content,
  profile,
  proof,
  security,
  record,
  conditional,
  otc,
  loans,
  alerts,
  recurring,
].flatMap((mod) => Object.values(mod).filter(isEndpoint));
