import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of a futures position closed by a trigger (take-profit, stop-loss, trailing stop,
 * liquidation) in the 8 languages, and what it opens (`{name}` placeholders are filled from the
 * event; wiring.ts adds the renderer to the app's table).
 */
export const FUTURES_PUSH_TEXTS = {
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
} satisfies Record<string, Texts>;

function futuresText(event: PushEventOf<'settlement.futures'>, locale: Locale): Rendered {
  const t = textsIn(FUTURES_PUSH_TEXTS, locale);
  return {
    title: t(event.trigger),
    body: t('futuresBody', event),
    route: '/pages/transaction/contract_order',
    tag: `futures-${event.position_id}`,
    actions: [],
  };
}

export const FUTURES_PUSH_RENDERERS: Pick<PushRenderers, 'settlement.futures'> = { 'settlement.futures': futuresText };
