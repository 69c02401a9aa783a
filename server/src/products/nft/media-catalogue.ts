import type { Db } from '../../db/client';
import { nftArtists, nftArtworks, nftBoxes, nftCollections } from '../../db/schema/index';
import { refOf, type MediaRef } from './media-files';
import { contentOf } from './views';

/**
 * Every generated medium the catalogue refers to: artworks' media and posters, artists' avatars,
 * collections' covers and the sealed contents of blind boxes (shown once opened).
 */
export async function catalogueMediaRefs(db: Db): Promise<MediaRef[]> {
  const [artworks, artists, collections, boxes] = await Promise.all([
    db.select({ media: nftArtworks.media, image: nftArtworks.image }).from(nftArtworks),
    db.select({ avatar: nftArtists.avatar }).from(nftArtists),
    db.select({ cover: nftCollections.cover }).from(nftCollections),
    db.select().from(nftBoxes),
  ]);
  const urls = [
    ...artworks.flatMap((a) => [a.media, a.image]),
    ...artists.map((a) => a.avatar),
    ...collections.map((c) => c.cover),
    ...boxes.flatMap((b) => {
      const content = contentOf(b);
      return [content.media, content.image];
    }),
  ];
  const refs = new Map<string, MediaRef>();
  for (const url of urls) {
    const ref = refOf(url);
    if (ref) refs.set(`${ref.kind}:${ref.seed}`, ref);
  }
  return [...refs.values()];
}
