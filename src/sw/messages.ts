/**
 * Messages between the page and the worker, shared by both sides (the page imports this file,
 * which has no worker code).
 */

/** The worker asks an open page which of its chunks it has loaded (answered on the given port). */
export const ASSET_LIST_REQUEST = 'ASSET_LIST';

export interface AssetList {
  urls: string[];
}
