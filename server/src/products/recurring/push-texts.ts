import type { Locale } from '@contract/domain/locales';
import type { SkipReason } from '@contract/recurring';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of recurring buy notices in the 8 languages, and what they open (wiring.ts adds the
 * renderer to the app's table).
 */
export const RECURRING_PUSH_TEXTS = {
  recurringBoughtTitle: {
    zh: '定投已买入',
    en: 'Recurring buy done',
    hk: '定投已買入',
    th: 'ซื้อตามแผนแล้ว',
    jp: '定期購入を実行しました',
    kor: '정기 구매 완료',
    fra: 'Achat récurrent effectué',
    spa: 'Compra periódica realizada',
  },
  recurringBoughtBody: {
    zh: '{pair}：以 {spent} {quote} 买入 {got} {base}',
    en: '{pair}: bought {got} {base} for {spent} {quote}',
    hk: '{pair}：以 {spent} {quote} 買入 {got} {base}',
    th: '{pair}: ซื้อ {got} {base} ด้วย {spent} {quote}',
    jp: '{pair}：{spent} {quote} で {got} {base} を購入しました',
    kor: '{pair}: {spent} {quote}로 {got} {base} 구매',
    fra: '{pair} : {got} {base} achetés pour {spent} {quote}',
    spa: '{pair}: comprados {got} {base} por {spent} {quote}',
  },
  recurringSkippedTitle: {
    zh: '定投本期已跳过',
    en: 'Recurring buy skipped',
    hk: '定投本期已跳過',
    th: 'ข้ามการซื้อตามแผนรอบนี้',
    jp: '定期購入をスキップしました',
    kor: '정기 구매를 건너뛰었습니다',
    fra: 'Achat récurrent sauté',
    spa: 'Compra periódica omitida',
  },
  recurringSkipped_insufficient_balance: {
    zh: '{pair}：交易账户的 {quote} 不足 {spent}，本期未买入',
    en: '{pair}: your exchange account had less than {spent} {quote}, so nothing was bought this time',
    hk: '{pair}：交易賬戶的 {quote} 不足 {spent}，本期未買入',
    th: '{pair}: บัญชีเทรดมี {quote} น้อยกว่า {spent} จึงไม่ได้ซื้อในรอบนี้',
    jp: '{pair}：取引口座の {quote} が {spent} に足りないため、今回は購入しませんでした',
    kor: '{pair}: 거래 계정의 {quote}가 {spent}보다 적어 이번에는 구매하지 않았습니다',
    fra: '{pair} : votre compte de trading avait moins de {spent} {quote}, rien n’a été acheté cette fois',
    spa: '{pair}: su cuenta de trading tenía menos de {spent} {quote}; esta vez no se compró nada',
  },
  recurringSkipped_slippage_exceeded: {
    zh: '{pair}：盘口成交价将超出您的滑点上限，本期未买入',
    en: '{pair}: the order book would have filled beyond your slippage limit, so nothing was bought this time',
    hk: '{pair}：盤口成交價將超出您的滑點上限，本期未買入',
    th: '{pair}: ราคาในสมุดคำสั่งเกินขีดจำกัดสลิปเพจของคุณ จึงไม่ได้ซื้อในรอบนี้',
    jp: '{pair}：板での約定がスリッページ上限を超えるため、今回は購入しませんでした',
    kor: '{pair}: 호가창 체결가가 슬리피지 한도를 넘어 이번에는 구매하지 않았습니다',
    fra: '{pair} : le carnet d’ordres aurait exécuté au-delà de votre limite de glissement, rien n’a été acheté cette fois',
    spa: '{pair}: el libro de órdenes habría ejecutado por encima de su límite de deslizamiento; esta vez no se compró nada',
  },
  recurringSkipped_no_price: {
    zh: '{pair}：暂无实时价格，本期未买入',
    en: '{pair}: there was no live price, so nothing was bought this time',
    hk: '{pair}：暫無實時價格，本期未買入',
    th: '{pair}: ไม่มีราคาล่าสุด จึงไม่ได้ซื้อในรอบนี้',
    jp: '{pair}：リアルタイム価格がないため、今回は購入しませんでした',
    kor: '{pair}: 실시간 가격이 없어 이번에는 구매하지 않았습니다',
    fra: '{pair} : aucun prix en direct, rien n’a été acheté cette fois',
    spa: '{pair}: no había precio en vivo; esta vez no se compró nada',
  },
  recurringSkipped_no_liquidity: {
    zh: '{pair}：盘口没有卖单，本期未买入',
    en: '{pair}: there was nothing to buy on the order book, so nothing was bought this time',
    hk: '{pair}：盤口沒有賣單，本期未買入',
    th: '{pair}: ไม่มีคำสั่งขายในสมุดคำสั่ง จึงไม่ได้ซื้อในรอบนี้',
    jp: '{pair}：板に売り注文がないため、今回は購入しませんでした',
    kor: '{pair}: 호가창에 매도 주문이 없어 이번에는 구매하지 않았습니다',
    fra: '{pair} : rien à acheter dans le carnet d’ordres, rien n’a été acheté cette fois',
    spa: '{pair}: no había nada que comprar en el libro de órdenes; esta vez no se compró nada',
  },
  recurringSkipped_rejected: {
    zh: '{pair}：订单未被接受，本期未买入',
    en: '{pair}: the order was not accepted, so nothing was bought this time',
    hk: '{pair}：訂單未被接受，本期未買入',
    th: '{pair}: คำสั่งไม่ได้รับการยอมรับ จึงไม่ได้ซื้อในรอบนี้',
    jp: '{pair}：注文が受け付けられなかったため、今回は購入しませんでした',
    kor: '{pair}: 주문이 접수되지 않아 이번에는 구매하지 않았습니다',
    fra: '{pair} : l’ordre n’a pas été accepté, rien n’a été acheté cette fois',
    spa: '{pair}: la orden no fue aceptada; esta vez no se compró nada',
  },
} satisfies Record<
  'recurringBoughtTitle' | 'recurringBoughtBody' | 'recurringSkippedTitle' | `recurringSkipped_${SkipReason}`,
  Texts
>;

/** A recurring buy's title and body, and its plan's page. */
function recurringText(event: PushEventOf<'trade.recurring'>, locale: Locale): Rendered {
  const t = textsIn(RECURRING_PUSH_TEXTS, locale);
  const text =
    event.result === 'bought'
      ? { title: t('recurringBoughtTitle'), body: t('recurringBoughtBody', event) }
      : { title: t('recurringSkippedTitle'), body: t(`recurringSkipped_${event.reason ?? 'rejected'}`, event) };
  return {
    ...text,
    route: `/pages/recurring/detail?id=${event.plan_id}`,
    tag: `recurring-${event.plan_id}`,
    actions: [],
  };
}

export const RECURRING_PUSH_RENDERERS: Pick<PushRenderers, 'trade.recurring'> = { 'trade.recurring': recurringText };
