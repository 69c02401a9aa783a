/**
 * Demo projects, inserted once each (by code) in demo mode, timed from the first start: one in
 * progress, one warming up, one ended. Their coins are catalogue currencies, so what a user is
 * credited shows in the wallet like any other coin.
 */
import type { Db } from '../../db/client';
import type { LocalizedTexts } from '../../lib/localized';
import { CATALOG } from '../../market/catalog';
import { insertProjectOnce } from './repo';
import { projectColumns, type ProjectTerms } from './service';

const DAY = 86_400_000;

/** The demo projects' name and introduction in the other 7 languages (English is in the columns). */
export const DEMO_PROJECT_TEXTS: Record<string, LocalizedTexts> = {
  'demo-atom': {
    zh: { name: 'Cosmos Hub 社区轮', intro: '演示项目：申购以发行价用 USDT 支付，持有至结束。' },
    hk: { name: 'Cosmos Hub 社區輪', intro: '演示項目：申購以發行價用 USDT 支付，持有至結束。' },
    th: {
      name: 'รอบชุมชน Cosmos Hub',
      intro: 'โครงการสาธิต: ชำระการจองซื้อด้วย USDT ที่ราคาเสนอขาย และถือไว้จนสิ้นสุดโครงการ',
    },
    jp: {
      name: 'Cosmos Hub コミュニティラウンド',
      intro: 'デモプロジェクト：申込は発行価格で USDT により支払われ、終了まで保有されます。',
    },
    kor: {
      name: 'Cosmos Hub 커뮤니티 라운드',
      intro: '데모 프로젝트: 청약은 발행가로 USDT로 결제되며 종료 시까지 보유됩니다.',
    },
    fra: {
      name: 'Tour communautaire Cosmos Hub',
      intro:
        'Projet de démonstration : les souscriptions sont payées en USDT au prix d’émission et conservées jusqu’à la fin.',
    },
    spa: {
      name: 'Ronda comunitaria de Cosmos Hub',
      intro:
        'Proyecto de demostración: las suscripciones se pagan en USDT al precio de emisión y se mantienen hasta el final.',
    },
  },
  'demo-fil': {
    zh: { name: 'Filecoin 存储轮', intro: '演示项目：两天后开放申购。' },
    hk: { name: 'Filecoin 儲存輪', intro: '演示項目：兩天後開放申購。' },
    th: { name: 'รอบพื้นที่จัดเก็บ Filecoin', intro: 'โครงการสาธิต: เปิดให้จองซื้อในอีกสองวัน' },
    jp: { name: 'Filecoin ストレージラウンド', intro: 'デモプロジェクト：2日後に申込受付を開始します。' },
    kor: { name: 'Filecoin 스토리지 라운드', intro: '데모 프로젝트: 이틀 후 청약이 시작됩니다.' },
    fra: {
      name: 'Tour stockage Filecoin',
      intro: 'Projet de démonstration : ouverture des souscriptions dans deux jours.',
    },
    spa: {
      name: 'Ronda de almacenamiento de Filecoin',
      intro: 'Proyecto de demostración: abre a suscripciones en dos días.',
    },
  },
  'demo-xlm': {
    zh: { name: 'Stellar 支付轮', intro: '演示项目：已结束，配售已完成。' },
    hk: { name: 'Stellar 支付輪', intro: '演示項目：已結束，配售已完成。' },
    th: { name: 'รอบการชำระเงิน Stellar', intro: 'โครงการสาธิต: สิ้นสุดแล้ว การจัดสรรเสร็จสิ้นแล้ว' },
    jp: { name: 'Stellar 決済ラウンド', intro: 'デモプロジェクト：終了しました。割当は完了しています。' },
    kor: { name: 'Stellar 결제 라운드', intro: '데모 프로젝트: 종료되었으며 배정이 완료되었습니다.' },
    fra: { name: 'Tour paiements Stellar', intro: 'Projet de démonstration : terminé ; l’allocation a été faite.' },
    spa: {
      name: 'Ronda de pagos de Stellar',
      intro: 'Proyecto de demostración: finalizado; la asignación ya se realizó.',
    },
  },
};
const coin = (name: string): number => {
  const found = CATALOG.currencies.find((c) => c.name === name);
  if (!found) throw new Error(`demo IEO coin ${name} is not in the catalogue`);
  return found.id;
};

export async function seedDemoProjects(db: Db, now: Date): Promise<void> {
  const t = now.getTime();
  const usdt = coin('USDT');
  const demo: (ProjectTerms & { code: string })[] = [
    {
      code: 'demo-atom',
      name: 'Cosmos Hub community round',
      intro: 'Demo project: subscriptions are paid in USDT at the issue price and held until the end.',
      coin_id: coin('ATOM'),
      pay_currency: usdt,
      price: '5.8',
      total: '200000',
      min_amount: '1',
      max_amount: '20000',
      start_at: t - DAY,
      end_at: t + 6 * DAY,
      lock_days: 7,
      listing_at: t + 9 * DAY,
      whitepaper: 'https://v1.cosmos.network/resources/whitepaper',
      website: 'https://cosmos.network',
    },
    {
      code: 'demo-fil',
      name: 'Filecoin storage round',
      intro: 'Demo project: opens for subscriptions in two days.',
      coin_id: coin('FIL'),
      pay_currency: usdt,
      price: '4.5',
      total: '100000',
      min_amount: '5',
      max_amount: '10000',
      start_at: t + 2 * DAY,
      end_at: t + 9 * DAY,
      lock_days: 14,
      whitepaper: 'https://filecoin.io/filecoin.pdf',
      website: 'https://filecoin.io',
    },
    {
      code: 'demo-xlm',
      name: 'Stellar payments round',
      intro: 'Demo project: ended; the allocation has been made.',
      coin_id: coin('XLM'),
      pay_currency: usdt,
      price: '0.35',
      total: '1000000',
      min_amount: '100',
      max_amount: '100000',
      start_at: t - 8 * DAY,
      end_at: t - DAY,
      lock_days: 0,
      whitepaper: 'https://www.stellar.org/papers/stellar-consensus-protocol',
      website: 'https://www.stellar.org',
    },
  ];
  for (const { code, ...terms } of demo) {
    const texts = DEMO_PROJECT_TEXTS[code] ?? {};
    await insertProjectOnce(db, { code, ...projectColumns(terms), texts, createdAt: now, updatedAt: now });
  }
}
