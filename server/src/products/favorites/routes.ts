import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/market';
import type { Favorite } from '@contract/market';
import type { FavoriteRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { instrumentByCurrency } from '../../market/catalog';
import type { MarketRuntime } from '../../market/runtime';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { addFavorite, listFavorites, removeFavorite } from './repo';

function toFavorite(market: MarketRuntime, row: FavoriteRow): Favorite {
  const inst = instrumentByCurrency.get(row.currencyId);
  const priced = inst && market.find(inst.symbol);
  return {
    id: row.id,
    currency_id: row.currencyId,
    created_at: row.createdAt.toISOString(),
    quote: priced ? market.quote(priced) : null,
  };
}

export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.optionalAdd, async ({ currency_id }, h) => {
    // Only currencies with a pair can be starred (USDT and USD are quote currencies).
    if (!instrumentByCurrency.has(currency_id)) throw new AppError('field_invalid', { field: 'currency_id' });
    const row = await addFavorite(h.ctx.db, signedIn(h).user.id, currency_id, h.ctx.now());
    return toFavorite(h.ctx.market, row);
  });

  bindEndpoint(app, contract.optionalDel, async ({ currency_id, id }, h) => {
    const removed = await removeFavorite(h.ctx.db, signedIn(h).user.id, {
      ...(currency_id !== undefined ? { currencyId: currency_id } : {}),
      ...(id !== undefined ? { id } : {}),
    });
    return { removed };
  });

  bindEndpoint(app, contract.optionalList, async (_input, h) => {
    const rows = await listFavorites(h.ctx.db, signedIn(h).user.id);
    return rows.map((r) => toFavorite(h.ctx.market, r));
  });
}
