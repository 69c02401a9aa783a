/**
 * The demo catalogue's texts in the other 7 languages, by slug: the artists' introductions and the
 * collections' descriptions (the English ones are in the rows' columns, which every language falls
 * back to). Names of artists, collections and artworks are titles and stay as they are.
 */
import { and, eq, sql } from 'drizzle-orm';
import { nftArtists, nftCollections } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import type { LocalizedTexts } from '../../lib/localized';

interface DemoText {
  english: string;
  texts: LocalizedTexts;
}

/** Artists' `intro` by slug. */
export const DEMO_ARTIST_TEXTS: Record<string, DemoText> = {
  mira: {
    english: 'Generative circles and colour fields.',
    texts: {
      zh: { intro: '生成式圆形与色域作品。' },
      hk: { intro: '生成式圓形與色域作品。' },
      th: { intro: 'งานวงกลมและพื้นสีแบบเจเนอเรทีฟ' },
      jp: { intro: 'ジェネラティブな円とカラーフィールド。' },
      kor: { intro: '제너레이티브 원과 색면 작품.' },
      fra: { intro: 'Cercles génératifs et champs de couleur.' },
      spa: { intro: 'Círculos generativos y campos de color.' },
    },
  },
  kai: {
    english: 'Sound and motion studies.',
    texts: {
      zh: { intro: '声音与动态的习作。' },
      hk: { intro: '聲音與動態的習作。' },
      th: { intro: 'งานศึกษาเรื่องเสียงและการเคลื่อนไหว' },
      jp: { intro: '音と動きの習作。' },
      kor: { intro: '소리와 움직임에 관한 습작.' },
      fra: { intro: 'Études de son et de mouvement.' },
      spa: { intro: 'Estudios de sonido y movimiento.' },
    },
  },
  lux: {
    english: 'Mystery boxes and collectibles.',
    texts: {
      zh: { intro: '盲盒与收藏品。' },
      hk: { intro: '盲盒與收藏品。' },
      th: { intro: 'กล่องสุ่มและของสะสม' },
      jp: { intro: 'ミステリーボックスとコレクティブル。' },
      kor: { intro: '미스터리 박스와 수집품.' },
      fra: { intro: 'Boîtes mystère et objets de collection.' },
      spa: { intro: 'Cajas misteriosas y coleccionables.' },
    },
  },
};

/** Collections' `description` by slug. */
export const DEMO_COLLECTION_TEXTS: Record<string, DemoText> = {
  fields: {
    english: 'Still generative pieces.',
    texts: {
      zh: { description: '静态生成式作品。' },
      hk: { description: '靜態生成式作品。' },
      th: { description: 'ผลงานเจเนอเรทีฟแบบภาพนิ่ง' },
      jp: { description: '静止画のジェネラティブ作品。' },
      kor: { description: '정지 이미지 제너레이티브 작품.' },
      fra: { description: 'Œuvres génératives fixes.' },
      spa: { description: 'Piezas generativas estáticas.' },
    },
  },
  loops: {
    english: 'Animations, sound and video.',
    texts: {
      zh: { description: '动画、声音与视频。' },
      hk: { description: '動畫、聲音與影片。' },
      th: { description: 'แอนิเมชัน เสียง และวิดีโอ' },
      jp: { description: 'アニメーション、サウンド、ビデオ。' },
      kor: { description: '애니메이션, 사운드, 비디오.' },
      fra: { description: 'Animations, son et vidéo.' },
      spa: { description: 'Animaciones, sonido y vídeo.' },
    },
  },
  orbit: {
    english: 'Auctions of rare pieces.',
    texts: {
      zh: { description: '稀有作品拍卖。' },
      hk: { description: '稀有作品拍賣。' },
      th: { description: 'การประมูลผลงานหายาก' },
      jp: { description: '希少作品のオークション。' },
      kor: { description: '희귀 작품 경매.' },
      fra: { description: 'Enchères de pièces rares.' },
      spa: { description: 'Subastas de piezas raras.' },
    },
  },
  mystery: {
    english: 'Blind boxes.',
    texts: {
      zh: { description: '盲盒。' },
      hk: { description: '盲盒。' },
      th: { description: 'กล่องสุ่ม' },
      jp: { description: 'ブラインドボックス。' },
      kor: { description: '랜덤 박스.' },
      fra: { description: 'Boîtes surprises.' },
      spa: { description: 'Cajas sorpresa.' },
    },
  },
};

/** The translations of a demo row's English text, or none for any other slug or text. */
const textsOf = (demo: Record<string, DemoText>, slug: string, english: string): LocalizedTexts => {
  const d = demo[slug];
  return d && d.english === english ? d.texts : {};
};
export const artistTexts = (slug: string, intro: string) => textsOf(DEMO_ARTIST_TEXTS, slug, intro);
export const collectionTexts = (slug: string, description: string) => textsOf(DEMO_COLLECTION_TEXTS, slug, description);

/**
 * A database seeded before the translations existed gets them at start: each demo row that has no
 * translations and whose English text no admin changed since.
 */
export async function backfillDemoTexts(tx: Tx): Promise<void> {
  for (const [slug, d] of Object.entries(DEMO_ARTIST_TEXTS)) {
    await tx
      .update(nftArtists)
      .set({ texts: d.texts })
      .where(and(eq(nftArtists.slug, slug), eq(nftArtists.intro, d.english), sql`${nftArtists.texts} = '{}'::jsonb`));
  }
  for (const [slug, d] of Object.entries(DEMO_COLLECTION_TEXTS)) {
    await tx
      .update(nftCollections)
      .set({ texts: d.texts })
      .where(
        and(
          eq(nftCollections.slug, slug),
          eq(nftCollections.description, d.english),
          sql`${nftCollections.texts} = '{}'::jsonb`,
        ),
      );
  }
}
