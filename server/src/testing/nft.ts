import { randomUUID } from 'node:crypto';
import * as nft from '@contract/nft';
import * as wallet from '@contract/wallet';
import { balanceOf, inTransaction } from '../ledger/index';
import {
  BOX_ODDS,
  boxContent,
  createArtist,
  createArtwork,
  createCollection,
  type NewSale,
} from '../products/nft/seed';
import { registerUser } from './accounts';
import type { TestApp } from './app';
import { callWithKey, okOf } from './wallet';

/** Shared steps of the NFT tests: funded users, artworks made with exact sale terms, calls. */

export const USDT = 3;

/** A user with `usdt` of their demo USDT moved into the change account (what NFT money uses). */
export async function funded(t: TestApp, usdt = '5000') {
  const u = await registerUser(t);
  const res = await callWithKey(
    t,
    wallet.walletChange,
    { currency_id: USDT, number: usdt, from_field: 'legal', to_field: 'change' },
    { token: u.token, key: randomUUID() },
  );
  if (res.body.type !== 'ok') throw new Error(JSON.stringify(res.body));
  return u;
}

export const change = (t: TestApp, userId: number) => balanceOf(t.app.ctx.db, userId, USDT, 'change');

let serial = 0;

/** A platform artwork with one sale on these terms (an artist and collection of its own). */
export async function listed(t: TestApp, sale: NewSale, type: nft.NftType = 'image') {
  serial += 1;
  const now = t.clock.now();
  return inTransaction(t.app.ctx.db, async (tx) => {
    const slug = `t${process.pid}x${serial}x${Date.now() % 100000}`;
    const artist = await createArtist(tx, slug, `Artist ${serial}`, '', serial, now);
    const col = await createCollection(
      tx,
      {
        slug,
        artistId: artist.id,
        name: `Col ${serial}`,
        description: '',
        seed: serial,
        odds: type === 'blind_box' ? BOX_ODDS : undefined,
      },
      now,
    );
    return createArtwork(
      tx,
      {
        name: `Work ${serial}`,
        type,
        rarity: 'R',
        seed: serial,
        currencyId: USDT,
        artistId: artist.id,
        collectionId: col.id,
        content: type === 'blind_box' ? boxContent('Test', serial) : undefined,
      },
      sale,
      now,
    );
  });
}

export const bidReq = (t: TestApp, token: string, code: number, price: string, key: string = randomUUID()) =>
  callWithKey(t, nft.auctionNFT, { lang: 'en', code, price }, { token, key });
export const buyReq = (t: TestApp, token: string, id: number, key: string = randomUUID()) =>
  callWithKey(t, nft.buyNFT, { lang: 'en', id }, { token, key });
export const payReq = (t: TestApp, token: string, id: number, key: string = randomUUID()) =>
  callWithKey(t, nft.payNFTOrder, { lang: 'en', id }, { token, key });

export async function detail(t: TestApp, id: number, token?: string) {
  return okOf(nft.getBoxDetail, (await t.call(nft.getBoxDetail, { id }, token ? { token } : {})).body);
}

export async function messages(t: TestApp, token: string) {
  return okOf(nft.getNFTMessages, (await t.call(nft.getNFTMessages, { limit: 100 }, { token })).body);
}

export async function needPay(t: TestApp, token: string) {
  return okOf(nft.getNeedPayNFTOrder, (await t.call(nft.getNeedPayNFTOrder, { limit: 100 }, { token })).body).data;
}
