import { randomBytes, randomInt } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { BlindBoxContent, NftRarity, NftType } from '@contract/nft';
import type { Db } from '../../db/client';
import { nftArtists, nftArtworks, nftBoxes, nftCollections, nftSales } from '../../db/schema/index';
import { inTransaction, type Tx } from '../../ledger/index';
import { sealBox } from './commitment';
import { mediaPath, type MediaKind } from './media';
import { refOf, type MediaRef } from './media-files';
import { artistTexts, backfillDemoTexts, collectionTexts } from './seed-texts';

/** Advisory lock key of the NFT demo seed (one process seeds; the others wait and find it done). */
const SEED_LOCK = 0x4e465431;
const HOUR = 3_600_000;

export interface NewArtwork {
  name: string;
  description?: string;
  type: NftType;
  rarity: NftRarity;
  seed: number;
  currencyId: number;
  artistId: number;
  collectionId: number;
  /** Blind boxes: the content sealed inside (drawn by the caller). */
  content?: BlindBoxContent;
}

export interface NewSale {
  payType: 1 | 2 | 3;
  price: string;
  perIncrease?: string;
  margin?: string;
  start: Date;
  end: Date;
}

/** The media of an artwork of `type` made from `seed`: the file and its poster. */
export function mediaFor(type: Exclude<NftType, 'blind_box'>, seed: number): { media: string; image: string } {
  const kind: Record<typeof type, MediaKind> = { image: 'art', gif: 'anim', audio: 'tone', video: 'clip' };
  const media = mediaPath(kind[type], seed);
  return { media, image: type === 'gif' ? media : mediaPath('art', seed) };
}

/** Creates an artwork (sealing a blind box's content) and, with `sale`, its first sale by the platform. */
export async function createArtwork(tx: Tx, a: NewArtwork, sale: NewSale | null, now: Date) {
  const code = `NFT${randomBytes(6).toString('hex').toUpperCase()}`;
  const look =
    a.type === 'blind_box'
      ? { media: mediaPath('box', a.seed), image: mediaPath('box', a.seed) }
      : mediaFor(a.type, a.seed);
  const [artwork] = await tx
    .insert(nftArtworks)
    .values({
      code,
      name: a.name,
      description: a.description ?? '',
      type: a.type,
      // A sealed box's own rarity column is never shown; it takes its content's when opened.
      rarity: a.type === 'blind_box' ? 'N' : a.rarity,
      ...look,
      currencyId: a.currencyId,
      artistId: a.artistId,
      collectionId: a.collectionId,
      createdAt: now,
    })
    .returning();
  if (a.type === 'blind_box') {
    if (!a.content) throw new Error('a blind box needs its content');
    const sealed = sealBox(code, a.content);
    await tx.insert(nftBoxes).values({
      artworkId: artwork!.id,
      content: JSON.stringify(a.content),
      salt: sealed.salt,
      commitment: sealed.commitment,
    });
  }
  if (!sale) return artwork!;
  // Callers validate their input; this keeps the rule for every path that lists an auction.
  if (sale.payType === 2 && !(Number(sale.margin) > 0)) throw new Error('an auction needs a margin above 0');
  const [row] = await tx
    .insert(nftSales)
    .values({
      artworkId: artwork!.id,
      sellerId: null,
      payType: sale.payType,
      currencyId: a.currencyId,
      price: sale.price,
      perIncrease: sale.perIncrease ?? '0',
      margin: sale.margin ?? '0',
      startAt: sale.start,
      endAt: sale.end,
      createdAt: now,
    })
    .returning();
  const [withSale] = await tx
    .update(nftArtworks)
    .set({ saleId: row!.id })
    .where(eq(nftArtworks.id, artwork!.id))
    .returning();
  return withSale!;
}

/** A blind box series' published odds: N 70 %, R 25 %, SR 5 %. */
export const BOX_ODDS: { rarity: NftRarity; probability: string }[] = [
  { rarity: 'N', probability: '0.7' },
  { rarity: 'R', probability: '0.25' },
  { rarity: 'SR', probability: '0.05' },
];

/** Draws a rarity with the published odds (CSPRNG, in thousandths). */
export function drawRarity(odds = BOX_ODDS): NftRarity {
  let x = randomInt(1000);
  for (const o of odds) {
    x -= Math.round(Number(o.probability) * 1000);
    if (x < 0) return o.rarity;
  }
  return odds[odds.length - 1]!.rarity;
}

/** A box's content: an artwork of the drawn rarity, its media made from `seed`. */
export function boxContent(series: string, seed: number, rarity = drawRarity()): BlindBoxContent {
  const types = ['image', 'gif', 'audio', 'video'] as const;
  const type = types[seed % types.length]!;
  return { name: `${series} #${seed} (${rarity})`, type, rarity, ...mediaFor(type, seed) };
}

export async function createArtist(tx: Tx, slug: string, name: string, intro: string, seed: number, now: Date) {
  const [row] = await tx
    .insert(nftArtists)
    .values({
      slug,
      name,
      intro,
      texts: artistTexts(slug, intro),
      avatar: mediaPath('avatar', seed),
      homepage: `https://example.com/artists/${slug}`,
      createdAt: now,
    })
    .returning();
  return row!;
}

export async function createCollection(
  tx: Tx,
  v: { slug: string; artistId: number; name: string; description: string; seed: number; odds?: typeof BOX_ODDS },
  now: Date,
) {
  const [row] = await tx
    .insert(nftCollections)
    .values({
      slug: v.slug,
      artistId: v.artistId,
      name: v.name,
      description: v.description,
      texts: collectionTexts(v.slug, v.description),
      cover: mediaPath('art', v.seed),
      odds: v.odds ? JSON.stringify(v.odds) : null,
      createdAt: now,
    })
    .returning();
  return row!;
}

const USDT = 3;
const ETH = 2;

/** Seeds of the demo catalogue (`seedDemoCatalogue`): artists' avatars, collections' covers, artworks, boxes. */
const DEMO_SEEDS = {
  avatars: [1, 2, 3],
  covers: [101, 102, 103, 104],
  artworks: [
    ...[10, 11, 12, 13, 30, 31].map((seed) => ({ type: 'image', seed })),
    { type: 'gif', seed: 20 },
    { type: 'audio', seed: 21 },
    { type: 'video', seed: 22 },
    { type: 'gif', seed: 23 },
    { type: 'audio', seed: 32 },
  ] as { type: Exclude<NftType, 'blind_box'>; seed: number }[],
  boxes: [40, 41, 42, 43, 44],
};

/** Every medium the demo catalogue shows, rendered when the server is built (`media-files.ts`). */
export function demoMediaRefs(): MediaRef[] {
  const refs: MediaRef[] = [
    ...DEMO_SEEDS.avatars.map((seed) => ({ kind: 'avatar' as const, seed })),
    ...DEMO_SEEDS.covers.map((seed) => ({ kind: 'art' as const, seed })),
    ...DEMO_SEEDS.boxes.map((seed) => ({ kind: 'box' as const, seed })),
  ];
  const looks = [
    ...DEMO_SEEDS.artworks.map((a) => mediaFor(a.type, a.seed)),
    ...DEMO_SEEDS.boxes.map((seed) => boxContent('Mystery', seed, 'N')),
  ];
  for (const look of looks) for (const url of [look.media, look.image]) refs.push(refOf(url)!);
  const seen = new Set<string>();
  return refs.filter((r) => !seen.has(`${r.kind}:${r.seed}`) && seen.add(`${r.kind}:${r.seed}`));
}

/**
 * Demo mode: a catalogue of three artists, four collections and sixteen artworks of every type and
 * sale mode, with media this project generates. Once per database (an installation with artists
 * keeps its own); sales run from an hour ago to a few days ahead, some not started yet.
 */
export async function seedDemoCatalogue(db: Db, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(nftArtists);
    if (Number(row?.n ?? 0) > 0) {
      await backfillDemoTexts(tx);
      return;
    }
    const t = now.getTime();
    const at = (h: number) => new Date(t + h * HOUR);
    const mira = await createArtist(tx, 'mira', 'Mira Sol', 'Generative circles and colour fields.', 1, now);
    const kai = await createArtist(tx, 'kai', 'Kai Tan', 'Sound and motion studies.', 2, now);
    const lux = await createArtist(tx, 'lux', 'Lux Studio', 'Mystery boxes and collectibles.', 3, now);
    const fields = await createCollection(
      tx,
      { slug: 'fields', artistId: mira.id, name: 'Colour Fields', description: 'Still generative pieces.', seed: 101 },
      now,
    );
    const loops = await createCollection(
      tx,
      { slug: 'loops', artistId: kai.id, name: 'Loops', description: 'Animations, sound and video.', seed: 102 },
      now,
    );
    const orbit = await createCollection(
      tx,
      { slug: 'orbit', artistId: mira.id, name: 'Orbit', description: 'Auctions of rare pieces.', seed: 103 },
      now,
    );
    const boxes = await createCollection(
      tx,
      {
        slug: 'mystery',
        artistId: lux.id,
        name: 'Mystery Series',
        description: 'Blind boxes.',
        seed: 104,
        odds: BOX_ODDS,
      },
      now,
    );
    const items: [NewArtwork, NewSale][] = [];
    const add = (a: Omit<NewArtwork, 'currencyId'> & { currencyId?: number }, s: NewSale) =>
      items.push([{ currencyId: USDT, ...a }, s]);
    for (let i = 0; i < 4; i++) {
      add(
        {
          name: `Field ${i + 1}`,
          type: 'image',
          rarity: (['N', 'R', 'N', 'SR'] as const)[i]!,
          seed: 10 + i,
          artistId: mira.id,
          collectionId: fields.id,
        },
        { payType: 1, price: String(50 + i * 25), start: at(-1), end: at(24 * (3 + i)) },
      );
    }
    add(
      { name: 'Drift', type: 'gif', rarity: 'R', seed: 20, artistId: kai.id, collectionId: loops.id },
      { payType: 1, price: '120', start: at(-1), end: at(96) },
    );
    add(
      { name: 'Chime', type: 'audio', rarity: 'N', seed: 21, artistId: kai.id, collectionId: loops.id },
      { payType: 1, price: '40', start: at(-1), end: at(96) },
    );
    add(
      { name: 'Tide', type: 'video', rarity: 'SR', seed: 22, artistId: kai.id, collectionId: loops.id },
      { payType: 2, price: '300', perIncrease: '10', margin: '30', start: at(-1), end: at(48) },
    );
    add(
      { name: 'Pulse', type: 'gif', rarity: 'N', seed: 23, artistId: kai.id, collectionId: loops.id },
      { payType: 1, price: '60', start: at(24), end: at(24 * 6) },
    );
    add(
      { name: 'Orbit I', type: 'image', rarity: 'SR', seed: 30, artistId: mira.id, collectionId: orbit.id },
      { payType: 2, price: '500', perIncrease: '20', margin: '50', start: at(-1), end: at(6) },
    );
    add(
      {
        name: 'Orbit II',
        type: 'image',
        rarity: 'R',
        seed: 31,
        artistId: mira.id,
        collectionId: orbit.id,
        currencyId: ETH,
      },
      { payType: 2, price: '0.2', perIncrease: '0.01', margin: '0.02', start: at(-1), end: at(30) },
    );
    add(
      { name: 'Orbit III', type: 'audio', rarity: 'R', seed: 32, artistId: mira.id, collectionId: orbit.id },
      { payType: 2, price: '150', perIncrease: '5', margin: '15', start: at(12), end: at(72) },
    );
    for (let i = 0; i < 5; i++) {
      const seed = 40 + i;
      add(
        {
          name: `Mystery Box ${i + 1}`,
          type: 'blind_box',
          rarity: 'N',
          seed,
          artistId: lux.id,
          collectionId: boxes.id,
          content: boxContent('Mystery', seed),
        },
        { payType: 3, price: '25', start: at(-1), end: at(24 * 7) },
      );
    }
    for (const [a, s] of items) await createArtwork(tx, a, s, now);
  });
}
