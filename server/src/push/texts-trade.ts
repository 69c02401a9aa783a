import type { Locale } from '@contract/domain/locales';
import type { PushEvent } from '@contract/push';

/**
 * Texts of spot order notices and of NFT messages that have no push of their own, in the 8
 * languages (`texts.ts` renders them; `{name}` placeholders are filled from the event).
 */
type Texts = Record<Locale, string>;

export const TRADE_TEXTS = {
  filledTitle: {
    zh: '订单已成交',
    en: 'Order filled',
    hk: '訂單已成交',
    th: 'คำสั่งซื้อขายสำเร็จแล้ว',
    jp: '注文が約定しました',
    kor: '주문이 체결되었습니다',
    fra: 'Ordre exécuté',
    spa: 'Orden ejecutada',
  },
  partialTitle: {
    zh: '订单部分成交',
    en: 'Order partly filled',
    hk: '訂單部分成交',
    th: 'คำสั่งซื้อขายสำเร็จบางส่วน',
    jp: '注文が一部約定しました',
    kor: '주문이 일부 체결되었습니다',
    fra: 'Ordre partiellement exécuté',
    spa: 'Orden ejecutada en parte',
  },
  buyFilledBody: {
    zh: '{pair} 买入：已成交 {filled}，成交额 {value} {currency}',
    en: '{pair} buy: {filled} filled for {value} {currency}',
    hk: '{pair} 買入：已成交 {filled}，成交額 {value} {currency}',
    th: '{pair} ซื้อ: สำเร็จ {filled} มูลค่า {value} {currency}',
    jp: '{pair} 買い：{filled} 約定、約定金額 {value} {currency}',
    kor: '{pair} 매수: {filled} 체결, 체결 금액 {value} {currency}',
    fra: '{pair} achat : {filled} exécuté pour {value} {currency}',
    spa: '{pair} compra: {filled} ejecutado por {value} {currency}',
  },
  sellFilledBody: {
    zh: '{pair} 卖出：已成交 {filled}，成交额 {value} {currency}',
    en: '{pair} sell: {filled} filled for {value} {currency}',
    hk: '{pair} 賣出：已成交 {filled}，成交額 {value} {currency}',
    th: '{pair} ขาย: สำเร็จ {filled} มูลค่า {value} {currency}',
    jp: '{pair} 売り：{filled} 約定、約定金額 {value} {currency}',
    kor: '{pair} 매도: {filled} 체결, 체결 금액 {value} {currency}',
    fra: '{pair} vente : {filled} exécuté pour {value} {currency}',
    spa: '{pair} venta: {filled} ejecutado por {value} {currency}',
  },
  cancelledTitle: {
    zh: '订单已撤销',
    en: 'Order cancelled',
    hk: '訂單已撤銷',
    th: 'ยกเลิกคำสั่งซื้อขายแล้ว',
    jp: '注文が取り消されました',
    kor: '주문이 취소되었습니다',
    fra: 'Ordre annulé',
    spa: 'Orden cancelada',
  },
  buyCancelledBody: {
    zh: '{pair} 买入订单已撤销（已成交 {filled}）',
    en: '{pair} buy order cancelled ({filled} filled)',
    hk: '{pair} 買入訂單已撤銷（已成交 {filled}）',
    th: 'ยกเลิกคำสั่งซื้อ {pair} แล้ว (สำเร็จ {filled})',
    jp: '{pair} の買い注文が取り消されました（約定 {filled}）',
    kor: '{pair} 매수 주문이 취소되었습니다 ({filled} 체결)',
    fra: 'Ordre d’achat {pair} annulé ({filled} exécuté)',
    spa: 'Orden de compra de {pair} cancelada ({filled} ejecutado)',
  },
  sellCancelledBody: {
    zh: '{pair} 卖出订单已撤销（已成交 {filled}）',
    en: '{pair} sell order cancelled ({filled} filled)',
    hk: '{pair} 賣出訂單已撤銷（已成交 {filled}）',
    th: 'ยกเลิกคำสั่งขาย {pair} แล้ว (สำเร็จ {filled})',
    jp: '{pair} の売り注文が取り消されました（約定 {filled}）',
    kor: '{pair} 매도 주문이 취소되었습니다 ({filled} 체결)',
    fra: 'Ordre de vente {pair} annulé ({filled} exécuté)',
    spa: 'Orden de venta de {pair} cancelada ({filled} ejecutado)',
  },
  nftBoughtTitle: {
    zh: '购买成功',
    en: 'Purchase complete',
    hk: '購買成功',
    th: 'ซื้อสำเร็จ',
    jp: '購入が完了しました',
    kor: '구매 완료',
    fra: 'Achat effectué',
    spa: 'Compra completada',
  },
  nftSoldTitle: {
    zh: '您的作品已售出',
    en: 'Your artwork was sold',
    hk: '您的作品已售出',
    th: 'ผลงานของคุณขายแล้ว',
    jp: '作品が売れました',
    kor: '작품이 판매되었습니다',
    fra: 'Votre œuvre a été vendue',
    spa: 'Su obra se ha vendido',
  },
  nftBidTitle: {
    zh: '出价成功',
    en: 'Your bid was placed',
    hk: '出價成功',
    th: 'เสนอราคาสำเร็จ',
    jp: '入札しました',
    kor: '입찰 완료',
    fra: 'Votre enchère est placée',
    spa: 'Su puja se ha realizado',
  },
  nftOpenedTitle: {
    zh: '盲盒已开启',
    en: 'Blind box opened',
    hk: '盲盒已開啟',
    th: 'เปิดกล่องสุ่มแล้ว',
    jp: 'ブラインドボックスを開封しました',
    kor: '블라인드 박스를 열었습니다',
    fra: 'Boîte mystère ouverte',
    spa: 'Caja sorpresa abierta',
  },
  nftOtherTitle: {
    zh: 'NFT 消息',
    en: 'NFT message',
    hk: 'NFT 消息',
    th: 'ข้อความ NFT',
    jp: 'NFT のお知らせ',
    kor: 'NFT 메시지',
    fra: 'Message NFT',
    spa: 'Mensaje NFT',
  },
  nftPriceBody: {
    zh: '「{name}」· {price} {currency}',
    en: '"{name}" · {price} {currency}',
    hk: '「{name}」· {price} {currency}',
    th: '"{name}" · {price} {currency}',
    jp: '「{name}」· {price} {currency}',
    kor: '"{name}" · {price} {currency}',
    fra: '« {name} » · {price} {currency}',
    spa: '«{name}» · {price} {currency}',
  },
  nftNameBody: {
    zh: '「{name}」',
    en: '"{name}"',
    hk: '「{name}」',
    th: '"{name}"',
    jp: '「{name}」',
    kor: '"{name}"',
    fra: '« {name} »',
    spa: '«{name}»',
  },
} satisfies Record<string, Texts>;

type Key = keyof typeof TRADE_TEXTS;
type Fill = (key: Key, values?: Record<string, unknown>) => string;

/** The title of an NFT message by its kind (kinds without a title of their own share one). */
const NFT_TITLE: Partial<Record<string, Key>> = {
  paid: 'nftBoughtTitle',
  bought: 'nftBoughtTitle',
  sold: 'nftSoldTitle',
  bid: 'nftBidTitle',
  opened: 'nftOpenedTitle',
};

/** Title and body of a spot order notice. */
export function tradeText(event: Extract<PushEvent, { type: 'trade.filled' | 'trade.cancelled' }>, t: Fill) {
  if (event.type === 'trade.filled') {
    return {
      title: t(event.complete ? 'filledTitle' : 'partialTitle'),
      body: t(event.side === 'buy' ? 'buyFilledBody' : 'sellFilledBody', event),
    };
  }
  return {
    title: t('cancelledTitle'),
    body: t(event.side === 'buy' ? 'buyCancelledBody' : 'sellCancelledBody', event),
  };
}

/** Title and body of an NFT message. */
export function nftText(event: Extract<PushEvent, { type: 'nft.message' }>, t: Fill) {
  return {
    title: t(NFT_TITLE[event.kind] ?? 'nftOtherTitle'),
    body: t(event.price === null ? 'nftNameBody' : 'nftPriceBody', event),
  };
}
