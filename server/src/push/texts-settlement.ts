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
  trailing_stop: {
    zh: '追踪止损已触发',
    en: 'Trailing stop triggered',
    hk: '追蹤止損已觸發',
    th: 'จุดหยุดขาดทุนแบบติดตามทำงานแล้ว',
    jp: 'トレーリングストップが執行されました',
    kor: '추적 손절 체결',
    fra: 'Stop suiveur déclenché',
    spa: 'Stop dinámico ejecutado',
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
  loanMarginCallTitle: {
    zh: '借款追加质押提醒',
    en: 'Loan margin call',
    hk: '借款追加質押提醒',
    th: 'เงินกู้: แจ้งเติมหลักประกัน',
    jp: '借入の追加担保請求',
    kor: '대출 담보 추가 요청',
    fra: 'Appel de marge du prêt',
    spa: 'Llamada de margen del préstamo',
  },
  loanMarginCallBody: {
    zh: '{collateral} 价格 {price}，借款 LTV 已达 {ltv}；请追加质押或还款以免被平仓',
    en: '{collateral} at {price}: your loan LTV is {ltv}; add collateral or repay to avoid liquidation',
    hk: '{collateral} 價格 {price}，借款 LTV 已達 {ltv}；請追加質押或還款以免被平倉',
    th: '{collateral} ราคา {price}: LTV เงินกู้ของคุณคือ {ltv} โปรดเติมหลักประกันหรือชำระคืนเพื่อเลี่ยงการชำระบัญชี',
    jp: '{collateral} が {price}：借入の LTV は {ltv} です。清算を避けるには担保を追加するか返済してください',
    kor: '{collateral} 가격 {price}: 대출 LTV가 {ltv}입니다. 청산을 피하려면 담보를 추가하거나 상환하세요',
    fra: '{collateral} à {price} : le LTV de votre prêt est de {ltv} ; ajoutez une garantie ou remboursez pour éviter la liquidation',
    spa: '{collateral} a {price}: el LTV de su préstamo es {ltv}; añada garantía o pague para evitar la liquidación',
  },
  loanLiquidatedTitle: {
    zh: '借款已平仓',
    en: 'Loan liquidated',
    hk: '借款已平倉',
    th: 'เงินกู้ถูกชำระบัญชี',
    jp: '借入が清算されました',
    kor: '대출 청산 완료',
    fra: 'Prêt liquidé',
    spa: 'Préstamo liquidado',
  },
  loanLiquidatedBody: {
    zh: '质押的 {collateral} 已按 {price} 卖出以偿还借款，余额已退回',
    en: 'Your {collateral} collateral was sold at {price} to repay the loan; the rest was returned',
    hk: '質押的 {collateral} 已按 {price} 賣出以償還借款，餘額已退回',
    th: 'หลักประกัน {collateral} ถูกขายที่ {price} เพื่อชำระเงินกู้ ส่วนที่เหลือคืนให้แล้ว',
    jp: '担保の {collateral} を {price} で売却して借入を返済し、残りを返金しました',
    kor: '담보 {collateral}가 {price}에 매도되어 대출이 상환되었고 나머지는 반환되었습니다',
    fra: 'Votre garantie en {collateral} a été vendue à {price} pour rembourser le prêt ; le reste vous a été rendu',
    spa: 'Su garantía en {collateral} se vendió a {price} para pagar el préstamo; el resto se le devolvió',
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
    case 'settlement.loan': {
      const route = '/pages/common/borrowing?tab=mine';
      const call = event.kind === 'margin_call';
      return {
        title: t(call ? 'loanMarginCallTitle' : 'loanLiquidatedTitle'),
        body: t(call ? 'loanMarginCallBody' : 'loanLiquidatedBody', event),
        route,
        tag: `loan-${event.loan_id}`,
        actions: [{ action: 'view', title: t('view'), route }],
      };
    }
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
