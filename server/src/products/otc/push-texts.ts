import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

type OtcEvent = PushEventOf<'trade.otc'>;

/**
 * Texts of OTC order steps in the 8 languages, and what they open (wiring.ts adds the renderer to
 * the app's table).
 */
export const OTC_PUSH_TEXTS: Record<`otc_${OtcEvent['step']}` | 'otc_body', Texts> = {
  otc_opened: {
    zh: '新的法币订单',
    en: 'New OTC order',
    hk: '新的法幣訂單',
    th: 'คำสั่ง OTC ใหม่',
    jp: '新しい OTC 注文',
    kor: '새 OTC 주문',
    fra: 'Nouvel ordre OTC',
    spa: 'Nueva orden OTC',
  },
  otc_paid: {
    zh: '买家已付款，请确认收款后放币',
    en: 'The buyer has paid: check the payment, then release',
    hk: '買家已付款，請確認收款後放幣',
    th: 'ผู้ซื้อชำระแล้ว: ตรวจสอบการชำระเงินแล้วปล่อยเหรียญ',
    jp: '買い手が支払いました。入金を確認してからリリースしてください',
    kor: '구매자가 결제했습니다: 입금을 확인한 뒤 코인을 보내세요',
    fra: "L'acheteur a payé : vérifiez le paiement, puis libérez",
    spa: 'El comprador ha pagado: compruebe el pago y libere',
  },
  otc_released: {
    zh: '法币订单已完成',
    en: 'OTC order completed',
    hk: '法幣訂單已完成',
    th: 'คำสั่ง OTC เสร็จสมบูรณ์',
    jp: 'OTC 注文が完了しました',
    kor: 'OTC 주문이 완료되었습니다',
    fra: 'Ordre OTC terminé',
    spa: 'Orden OTC completada',
  },
  otc_cancelled: {
    zh: '法币订单已取消',
    en: 'OTC order cancelled',
    hk: '法幣訂單已取消',
    th: 'ยกเลิกคำสั่ง OTC แล้ว',
    jp: 'OTC 注文がキャンセルされました',
    kor: 'OTC 주문이 취소되었습니다',
    fra: 'Ordre OTC annulé',
    spa: 'Orden OTC cancelada',
  },
  otc_expired: {
    zh: '法币订单付款超时，已自动取消',
    en: 'OTC order not paid in time: cancelled',
    hk: '法幣訂單付款超時，已自動取消',
    th: 'คำสั่ง OTC ไม่ได้ชำระตามเวลา: ยกเลิกแล้ว',
    jp: 'OTC 注文が期限内に支払われず、キャンセルされました',
    kor: 'OTC 주문이 기한 내 결제되지 않아 취소되었습니다',
    fra: 'Ordre OTC non payé à temps : annulé',
    spa: 'Orden OTC no pagada a tiempo: cancelada',
  },
  otc_appeal: {
    zh: '法币订单已进入申诉',
    en: 'An appeal was opened on your OTC order',
    hk: '法幣訂單已進入申訴',
    th: 'มีการอุทธรณ์คำสั่ง OTC ของคุณ',
    jp: 'OTC 注文に申し立てがありました',
    kor: 'OTC 주문에 이의 신청이 접수되었습니다',
    fra: 'Un litige a été ouvert sur votre ordre OTC',
    spa: 'Se abrió una apelación en su orden OTC',
  },
  otc_decided: {
    zh: '法币订单申诉已处理',
    en: 'The appeal on your OTC order was decided',
    hk: '法幣訂單申訴已處理',
    th: 'มีคำตัดสินการอุทธรณ์คำสั่ง OTC ของคุณแล้ว',
    jp: 'OTC 注文の申し立てに判断が出ました',
    kor: 'OTC 주문 이의 신청이 처리되었습니다',
    fra: 'Le litige de votre ordre OTC a été tranché',
    spa: 'Se resolvió la apelación de su orden OTC',
  },
  otc_body: {
    zh: '订单 {order_id}：{quantity} {coin}',
    en: 'Order {order_id}: {quantity} {coin}',
    hk: '訂單 {order_id}：{quantity} {coin}',
    th: 'คำสั่ง {order_id}: {quantity} {coin}',
    jp: '注文 {order_id}：{quantity} {coin}',
    kor: '주문 {order_id}: {quantity} {coin}',
    fra: 'Ordre {order_id} : {quantity} {coin}',
    spa: 'Orden {order_id}: {quantity} {coin}',
  },
};

function otcText(event: OtcEvent, locale: Locale): Rendered {
  const t = textsIn(OTC_PUSH_TEXTS, locale);
  return {
    title: t(`otc_${event.step}`),
    body: t('otc_body', { order_id: event.order_id, quantity: event.quantity, coin: event.coin }),
    route: `/pages/otc/order?id=${event.order_id}`,
    tag: `otc-${event.order_id}`,
    actions: [],
  };
}

export const OTC_PUSH_RENDERERS: Pick<PushRenderers, 'trade.otc'> = { 'trade.otc': otcText };
