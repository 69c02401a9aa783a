import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of spot order notices (filled, partly filled, cancelled; the trading core sends them) in
 * the 8 languages, and what they open (`{name}` placeholders are filled from the event;
 * wiring.ts adds the renderers to the app's table).
 */
export const TRADE_PUSH_TEXTS = {
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
} satisfies Record<string, Texts>;

type TradeType = 'trade.filled' | 'trade.cancelled';

/** Title and body of a spot order notice. */
function tradeText(event: PushEventOf<TradeType>, locale: Locale): Rendered {
  const t = textsIn(TRADE_PUSH_TEXTS, locale);
  const text =
    event.type === 'trade.filled'
      ? {
          title: t(event.complete ? 'filledTitle' : 'partialTitle'),
          body: t(event.side === 'buy' ? 'buyFilledBody' : 'sellFilledBody', event),
        }
      : {
          title: t('cancelledTitle'),
          body: t(event.side === 'buy' ? 'buyCancelledBody' : 'sellCancelledBody', event),
        };
  return { ...text, route: '/pages/transaction/currency_order', tag: `order-${event.order_id}`, actions: [] };
}

export const TRADE_PUSH_RENDERERS: Pick<PushRenderers, TradeType> = {
  'trade.filled': tradeText,
  'trade.cancelled': tradeText,
};
