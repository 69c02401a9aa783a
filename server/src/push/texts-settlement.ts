import type { Locale } from '@contract/domain/locales';
import type { PushEvent } from '@contract/push';

/**
 * Texts of the settlement pushes (seconds orders, futures triggers, finance products) in the 8
 * languages, and what each opens (`texts.ts` renders them; `{name}` placeholders are filled from
 * the event).
 */
type Texts = Record<Locale, string>;

export const SETTLEMENT_TEXTS = {
  secondsTitle: {
    zh: '秒合约已结算',
    en: 'Seconds contract settled',
    hk: '秒合約已結算',
    th: 'สัญญาวินาทีชำระแล้ว',
    jp: '秒契約が決済されました',
    kor: '초 계약 정산 완료',
    fra: 'Contrat à la seconde réglé',
    spa: 'Contrato por segundos liquidado',
  },
  secondsBody: {
    zh: '{pair} 盈亏 {profit} {currency}',
    en: '{pair}: profit {profit} {currency}',
    hk: '{pair} 盈虧 {profit} {currency}',
    th: '{pair}: กำไร/ขาดทุน {profit} {currency}',
    jp: '{pair}：損益 {profit} {currency}',
    kor: '{pair}: 손익 {profit} {currency}',
    fra: '{pair} : résultat {profit} {currency}',
    spa: '{pair}: resultado {profit} {currency}',
  },
  take_profit: {
    zh: '止盈已触发',
    en: 'Take-profit triggered',
    hk: '止盈已觸發',
    th: 'ทำกำไรตามเป้าแล้ว',
    jp: '利確が執行されました',
    kor: '이익 실현 체결',
    fra: 'Prise de bénéfices déclenchée',
    spa: 'Toma de ganancias ejecutada',
  },
  stop_loss: {
    zh: '止损已触发',
    en: 'Stop-loss triggered',
    hk: '止損已觸發',
    th: 'ตัดขาดทุนแล้ว',
    jp: '損切りが執行されました',
    kor: '손절 체결',
    fra: 'Stop-loss déclenché',
    spa: 'Stop-loss ejecutado',
  },
  liquidation: {
    zh: '仓位已强平',
    en: 'Position liquidated',
    hk: '倉位已強平',
    th: 'สถานะถูกบังคับปิด',
    jp: 'ポジションが強制決済されました',
    kor: '포지션 강제 청산',
    fra: 'Position liquidée',
    spa: 'Posición liquidada',
  },
  futuresBody: {
    zh: '{pair} 平仓盈亏 {profit} {currency}',
    en: '{pair} closed: profit {profit} {currency}',
    hk: '{pair} 平倉盈虧 {profit} {currency}',
    th: 'ปิด {pair}: กำไร/ขาดทุน {profit} {currency}',
    jp: '{pair} 決済：損益 {profit} {currency}',
    kor: '{pair} 청산: 손익 {profit} {currency}',
    fra: '{pair} clôturée : résultat {profit} {currency}',
    spa: '{pair} cerrada: resultado {profit} {currency}',
  },
  financeTitle: {
    zh: '理财产品已到期',
    en: 'Finance product matured',
    hk: '理財產品已到期',
    th: 'ผลิตภัณฑ์การเงินครบกำหนด',
    jp: '資産運用商品が満期になりました',
    kor: '금융 상품 만기',
    fra: 'Produit financier arrivé à échéance',
    spa: 'Producto financiero vencido',
  },
  financeBody: {
    zh: '「{name}」已返还 {amount} {currency}',
    en: '"{name}" paid out {amount} {currency}',
    hk: '「{name}」已返還 {amount} {currency}',
    th: '"{name}" จ่ายคืน {amount} {currency}',
    jp: '「{name}」から {amount} {currency} が支払われました',
    kor: '"{name}"에서 {amount} {currency}가 지급되었습니다',
    fra: '« {name} » a versé {amount} {currency}',
    spa: '«{name}» pagó {amount} {currency}',
  },
  view: {
    zh: '查看',
    en: 'View',
    hk: '查看',
    th: 'ดู',
    jp: '表示',
    kor: '보기',
    fra: 'Voir',
    spa: 'Ver',
  },
} satisfies Record<string, Texts>;

type Fill = (key: keyof typeof SETTLEMENT_TEXTS, values?: Record<string, unknown>) => string;

/** Title, body, route, tag and actions of a settlement push. */
export function settlementText(event: Extract<PushEvent, { type: `settlement.${string}` }>, t: Fill) {
  switch (event.type) {
    case 'settlement.seconds':
      return {
        title: t('secondsTitle'),
        body: t('secondsBody', event),
        route: '/pages/transaction/seconds_order',
        tag: `seconds-${event.order_id}`,
        actions: [],
      };
    case 'settlement.futures':
      return {
        title: t(event.trigger),
        body: t('futuresBody', event),
        route: '/pages/transaction/contract_order',
        tag: `futures-${event.position_id}`,
        actions: [],
      };
    case 'settlement.finance': {
      const route = event.product === 'lockming' ? '/pages/lockming/order' : '/pages/invest/mine';
      return {
        title: t('financeTitle'),
        body: t('financeBody', event),
        route,
        tag: `${event.product}-${event.order_id}`,
        actions: [{ action: 'view', title: t('view'), route }],
      };
    }
  }
}
