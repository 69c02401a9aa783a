import type { Locale } from '@contract/domain/locales';
import { textsIn, viewAction, type PushEventOf, type PushRenderers, type Rendered, type Texts } from './texts';

/**
 * Texts of a matured finance product (lock mining, dual investment: the two share the event) in
 * the 8 languages, and what it opens (`{name}` placeholders are filled from the event).
 */
export const FINANCE_TEXTS = {
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
} satisfies Record<string, Texts>;

function financeText(event: PushEventOf<'settlement.finance'>, locale: Locale): Rendered {
  const t = textsIn(FINANCE_TEXTS, locale);
  const route = event.product === 'lockming' ? '/pages/lockming/order' : '/pages/invest/mine';
  return {
    title: t('financeTitle'),
    body: t('financeBody', event),
    route,
    tag: `${event.product}-${event.order_id}`,
    actions: [viewAction(locale, route)],
  };
}

export const FINANCE_RENDERERS: Pick<PushRenderers, 'settlement.finance'> = { 'settlement.finance': financeText };
