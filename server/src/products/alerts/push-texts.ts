import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of a fired price alert in the 8 languages, and what it opens (wiring.ts adds the renderer
 * to the app's table).
 */
export const ALERT_PUSH_TEXTS = {
  alert_above: {
    zh: '{pair} 已涨至 {price}',
    en: '{pair} rose to {price}',
    hk: '{pair} 已漲至 {price}',
    th: '{pair} ขึ้นไปที่ {price}',
    jp: '{pair} が {price} まで上昇しました',
    kor: '{pair} 가격이 {price}까지 올랐습니다',
    fra: '{pair} est monté à {price}',
    spa: '{pair} subió a {price}',
  },
  alert_below: {
    zh: '{pair} 已跌至 {price}',
    en: '{pair} fell to {price}',
    hk: '{pair} 已跌至 {price}',
    th: '{pair} ลงมาที่ {price}',
    jp: '{pair} が {price} まで下落しました',
    kor: '{pair} 가격이 {price}까지 내렸습니다',
    fra: '{pair} est descendu à {price}',
    spa: '{pair} bajó a {price}',
  },
  alert_change: {
    zh: '{pair} 24 小时涨跌 {change}%',
    en: '{pair} moved {change}% in 24 h',
    hk: '{pair} 24 小時漲跌 {change}%',
    th: '{pair} เปลี่ยนแปลง {change}% ใน 24 ชม.',
    jp: '{pair} の 24 時間変動率が {change}% になりました',
    kor: '{pair} 24시간 변동률 {change}%',
    fra: '{pair} a varié de {change} % en 24 h',
    spa: '{pair} se movió un {change} % en 24 h',
  },
  alert_body_above: {
    zh: '价格提醒：高于或等于 {target}',
    en: 'Price alert: at or above {target}',
    hk: '價格提醒：高於或等於 {target}',
    th: 'การแจ้งเตือนราคา: ถึงหรือสูงกว่า {target}',
    jp: '価格アラート：{target} 以上',
    kor: '가격 알림: {target} 이상',
    fra: 'Alerte de prix : à {target} ou plus',
    spa: 'Alerta de precio: {target} o más',
  },
  alert_body_below: {
    zh: '价格提醒：低于或等于 {target}',
    en: 'Price alert: at or below {target}',
    hk: '價格提醒：低於或等於 {target}',
    th: 'การแจ้งเตือนราคา: ถึงหรือต่ำกว่า {target}',
    jp: '価格アラート：{target} 以下',
    kor: '가격 알림: {target} 이하',
    fra: 'Alerte de prix : à {target} ou moins',
    spa: 'Alerta de precio: {target} o menos',
  },
  alert_body_change: {
    zh: '价格提醒：24 小时涨跌超过 ±{target}%，现价 {price}',
    en: 'Price alert: 24 h change beyond ±{target}%, now {price}',
    hk: '價格提醒：24 小時漲跌超過 ±{target}%，現價 {price}',
    th: 'การแจ้งเตือนราคา: เปลี่ยนแปลง 24 ชม. เกิน ±{target}% ตอนนี้ {price}',
    jp: '価格アラート：24 時間変動率 ±{target}% 超え、現在 {price}',
    kor: '가격 알림: 24시간 변동률 ±{target}% 초과, 현재 {price}',
    fra: 'Alerte de prix : variation sur 24 h au-delà de ±{target} %, maintenant {price}',
    spa: 'Alerta de precio: variación en 24 h más allá de ±{target} %, ahora {price}',
  },
  alert_view: {
    zh: '查看行情',
    en: 'View market',
    hk: '查看行情',
    th: 'ดูตลาด',
    jp: '相場を見る',
    kor: '시세 보기',
    fra: 'Voir le marché',
    spa: 'Ver mercado',
  },
} satisfies Record<string, Texts>;

function alertText(event: PushEventOf<'trade.price_alert'>, locale: Locale): Rendered {
  const t = textsIn(ALERT_PUSH_TEXTS, locale);
  const route = `/pages/transaction/currency?symbol=${encodeURIComponent(event.pair)}`;
  return {
    title: t(`alert_${event.kind}`, event),
    body: t(`alert_body_${event.kind}`, event),
    route,
    // Each firing is its own notification: a repeating alert's later firing does not hide an earlier one.
    tag: `alert-${event.alert_id}`,
    actions: [{ action: 'view', title: t('alert_view'), route }],
  };
}

export const ALERT_PUSH_RENDERERS: Pick<PushRenderers, 'trade.price_alert'> = { 'trade.price_alert': alertText };
