import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/profile';
import { AppError } from '../../errors';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { readAvatar } from './avatars';
import { editProfile, setAvatar, setStayLoggedIn } from './service';

/** A year: avatar names change with the picture, so a name's bytes never change. */
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.uploadHeadPortrait, async (input, h) => ({
    head_portrait: await setAvatar(h.ctx, signedIn(h), input.head_portrait),
  }));

  bindEndpoint(app, contract.editNickname, (input, h) => editProfile(h.ctx, signedIn(h), input));

  bindEndpoint(app, contract.setStayLoggedIn, (input, h) =>
    setStayLoggedIn(h.ctx, signedIn(h), input.stay_logged_in === '1'),
  );

  // Avatars are public (they are shown beside nicknames), unlike other uploads: plain <img> tags
  // load them without the token, and browsers and shared caches keep them.
  app.get<{ Params: { name: string } }>('/api/avatar/:name', { schema: { hide: true } }, async (req, reply) => {
    const bytes = await readAvatar(app.ctx, req.params.name);
    if (!bytes) throw new AppError('not_found', { status: 404 });
    return reply.type('image/webp').header('Cache-Control', AVATAR_CACHE).send(bytes);
  });
}
