import type { Locale } from '@contract/domain/locales';
import { textsIn, viewAction, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of a crypto loan's margin call and liquidation in the 8 languages, and what they open
 * (`{name}` placeholders are filled from the event; wiring.ts adds the renderer to the app's table).
 */
export const LOAN_PUSH_TEXTS = {
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
} satisfies Record<string, Texts>;

function loanText(event: PushEventOf<'settlement.loan'>, locale: Locale): Rendered {
  const t = textsIn(LOAN_PUSH_TEXTS, locale);
  const route = '/pages/common/borrowing?tab=mine';
  const call = event.kind === 'margin_call';
  return {
    title: t(call ? 'loanMarginCallTitle' : 'loanLiquidatedTitle'),
    body: t(call ? 'loanMarginCallBody' : 'loanLiquidatedBody', event),
    route,
    tag: `loan-${event.loan_id}`,
    actions: [viewAction(locale, route)],
  };
}

export const LOAN_PUSH_RENDERERS: Pick<PushRenderers, 'settlement.loan'> = { 'settlement.loan': loanText };
