import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of a settled seconds contract in the 8 languages, and what it opens (`{name}`
 * placeholders are filled from the event; wiring.ts adds the renderer to the app's table).
 */
export const SECONDS_PUSH_TEXTS = {
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
} satisfies Record<string, Texts>;

function secondsText(event: PushEventOf<'settlement.seconds'>, locale: Locale): Rendered {
  const t = textsIn(SECONDS_PUSH_TEXTS, locale);
  return {
    title: t('secondsTitle'),
    body: t('secondsBody', event),
    route: '/pages/transaction/seconds_order',
    tag: `seconds-${event.order_id}`,
    actions: [],
  };
}

export const SECONDS_PUSH_RENDERERS: Pick<PushRenderers, 'settlement.seconds'> = { 'settlement.seconds': secondsText };
