import type { Locale } from '@contract/domain/locales';
import { LOCALES } from '@contract/domain/locales';
import { categoryOf, type PushCategory, type PushEvent, type PushPayload } from '@contract/push';
import { currencyDecimals } from '@contract/domain/precision';
import { Money } from '../ledger/money';
import { nftText, TRADE_TEXTS, tradeText } from './texts-trade';

/**
 * What a push notification says and does, per event and language: title, body, the route a tap
 * opens, the action buttons, and the delivery options of its category (TTL, urgency, topic).
 */

/** A text in every language; `{name}` placeholders are filled from the event. */
type Texts = Record<Locale, string>;

const T = {
  supportReplyTitle: {
    zh: '客服回复了您',
    en: 'Customer service replied',
    hk: '客服回覆了您',
    th: 'ฝ่ายบริการลูกค้าตอบกลับแล้ว',
    jp: 'カスタマーサービスから返信がありました',
    kor: '고객센터에서 답변했습니다',
    fra: 'Le service client vous a répondu',
    spa: 'Atención al cliente le ha respondido',
  },
  supportReplyBody: {
    zh: '点击查看回复',
    en: 'Tap to read the answer',
    hk: '點擊查看回覆',
    th: 'แตะเพื่ออ่านคำตอบ',
    jp: 'タップして返信を確認',
    kor: '탭하여 답변 보기',
    fra: 'Touchez pour lire la réponse',
    spa: 'Toque para leer la respuesta',
  },
  outbidTitle: {
    zh: '您的出价已被超越',
    en: 'You have been outbid',
    hk: '您的出價已被超越',
    th: 'มีผู้เสนอราคาสูงกว่าคุณ',
    jp: '入札額を上回られました',
    kor: '더 높은 입찰이 있습니다',
    fra: 'Votre enchère a été dépassée',
    spa: 'Han superado su puja',
  },
  outbidBody: {
    zh: '「{name}」的当前出价为 {price} {currency}',
    en: 'The current bid on "{name}" is {price} {currency}',
    hk: '「{name}」的當前出價為 {price} {currency}',
    th: 'ราคาประมูลปัจจุบันของ "{name}" คือ {price} {currency}',
    jp: '「{name}」の現在の入札額は {price} {currency} です',
    kor: '"{name}"의 현재 입찰가는 {price} {currency}입니다',
    fra: "L'enchère actuelle sur « {name} » est de {price} {currency}",
    spa: 'La puja actual por «{name}» es de {price} {currency}',
  },
  endingTitle: {
    zh: '拍卖即将结束',
    en: 'Auction ending soon',
    hk: '拍賣即將結束',
    th: 'การประมูลใกล้สิ้นสุด',
    jp: 'オークション終了間近',
    kor: '경매 곧 종료',
    fra: 'Enchère bientôt terminée',
    spa: 'La subasta termina pronto',
  },
  endingBody: {
    zh: '「{name}」的拍卖将在 10 分钟后结束',
    en: 'The auction of "{name}" ends in 10 minutes',
    hk: '「{name}」的拍賣將在 10 分鐘後結束',
    th: 'การประมูล "{name}" จะสิ้นสุดใน 10 นาที',
    jp: '「{name}」のオークションはあと10分で終了します',
    kor: '"{name}" 경매가 10분 후 종료됩니다',
    fra: "L'enchère de « {name} » se termine dans 10 minutes",
    spa: 'La subasta de «{name}» termina en 10 minutos',
  },
  wonTitle: {
    zh: '恭喜，您已竞拍成功',
    en: 'You won the auction',
    hk: '恭喜，您已競拍成功',
    th: 'คุณชนะการประมูล',
    jp: 'オークションに落札しました',
    kor: '경매에 낙찰되었습니다',
    fra: 'Vous avez remporté l’enchère',
    spa: 'Ha ganado la subasta',
  },
  wonBody: {
    zh: '「{name}」成交价 {price} {currency}，请在 24 小时内付款',
    en: '"{name}" for {price} {currency}: please pay within 24 hours',
    hk: '「{name}」成交價 {price} {currency}，請在 24 小時內付款',
    th: '"{name}" ราคา {price} {currency} โปรดชำระภายใน 24 ชั่วโมง',
    jp: '「{name}」落札額 {price} {currency}。24時間以内にお支払いください',
    kor: '"{name}" 낙찰가 {price} {currency}, 24시간 내에 결제하세요',
    fra: '« {name} » pour {price} {currency} : veuillez payer sous 24 heures',
    spa: '«{name}» por {price} {currency}: pague en 24 horas',
  },
  dueTitle: {
    zh: '付款即将到期',
    en: 'Payment due in 1 hour',
    hk: '付款即將到期',
    th: 'ครบกำหนดชำระใน 1 ชั่วโมง',
    jp: 'お支払い期限まで1時間',
    kor: '결제 기한 1시간 남음',
    fra: 'Paiement dû dans 1 heure',
    spa: 'El pago vence en 1 hora',
  },
  dueBody: {
    zh: '「{name}」还需支付 {amount} {currency}，逾期将扣除保证金',
    en: 'Pay {amount} {currency} for "{name}" or the margin is forfeited',
    hk: '「{name}」尚需支付 {amount} {currency}，逾期將扣除保證金',
    th: 'ชำระ {amount} {currency} สำหรับ "{name}" มิฉะนั้นจะถูกริบเงินประกัน',
    jp: '「{name}」の {amount} {currency} をお支払いください。期限を過ぎると保証金は没収されます',
    kor: '"{name}"에 대해 {amount} {currency}를 결제하지 않으면 보증금이 몰수됩니다',
    fra: 'Payez {amount} {currency} pour « {name} », sinon la marge est perdue',
    spa: 'Pague {amount} {currency} por «{name}» o perderá el margen',
  },
  expiredTitle: {
    zh: '付款已逾期',
    en: 'Payment expired',
    hk: '付款已逾期',
    th: 'หมดเวลาชำระเงิน',
    jp: 'お支払い期限切れ',
    kor: '결제 기한 만료',
    fra: 'Délai de paiement expiré',
    spa: 'Pago vencido',
  },
  expiredBody: {
    zh: '「{name}」未按时付款，保证金 {margin} {currency} 已扣除',
    en: '"{name}" was not paid in time: the margin of {margin} {currency} is forfeited',
    hk: '「{name}」未按時付款，保證金 {margin} {currency} 已扣除',
    th: '"{name}" ไม่ได้ชำระตามเวลา เงินประกัน {margin} {currency} ถูกริบ',
    jp: '「{name}」は期限内に支払われず、保証金 {margin} {currency} は没収されました',
    kor: '"{name}" 미결제로 보증금 {margin} {currency}가 몰수되었습니다',
    fra: '« {name} » non payé à temps : la marge de {margin} {currency} est perdue',
    spa: '«{name}» no se pagó a tiempo: se pierde el margen de {margin} {currency}',
  },
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
  rechargeApproved: {
    zh: '充值已到账',
    en: 'Recharge approved',
    hk: '充值已到賬',
    th: 'อนุมัติการเติมเงินแล้ว',
    jp: '入金が承認されました',
    kor: '충전 승인됨',
    fra: 'Recharge approuvée',
    spa: 'Recarga aprobada',
  },
  rechargeRejected: {
    zh: '充值被驳回',
    en: 'Recharge rejected',
    hk: '充值被駁回',
    th: 'การเติมเงินถูกปฏิเสธ',
    jp: '入金が却下されました',
    kor: '충전 거절됨',
    fra: 'Recharge refusée',
    spa: 'Recarga rechazada',
  },
  withdrawalApproved: {
    zh: '提现已通过',
    en: 'Withdrawal approved',
    hk: '提現已通過',
    th: 'อนุมัติการถอนเงินแล้ว',
    jp: '出金が承認されました',
    kor: '출금 승인됨',
    fra: 'Retrait approuvé',
    spa: 'Retiro aprobado',
  },
  withdrawalRejected: {
    zh: '提现被驳回',
    en: 'Withdrawal rejected',
    hk: '提現被駁回',
    th: 'การถอนเงินถูกปฏิเสธ',
    jp: '出金が却下されました',
    kor: '출금 거절됨',
    fra: 'Retrait refusé',
    spa: 'Retiro rechazado',
  },
  walletBody: {
    zh: '金额 {amount} {currency}',
    en: 'Amount {amount} {currency}',
    hk: '金額 {amount} {currency}',
    th: 'จำนวน {amount} {currency}',
    jp: '金額 {amount} {currency}',
    kor: '금액 {amount} {currency}',
    fra: 'Montant {amount} {currency}',
    spa: 'Importe {amount} {currency}',
  },
  loginTitle: {
    zh: '新的登录',
    en: 'New sign-in',
    hk: '新的登入',
    th: 'มีการเข้าสู่ระบบใหม่',
    jp: '新しいログイン',
    kor: '새 로그인',
    fra: 'Nouvelle connexion',
    spa: 'Nuevo inicio de sesión',
  },
  loginBody: {
    zh: '您的账户在 {device}（{ip}）登录。如非本人操作，请立即修改密码',
    en: 'Your account signed in on {device} ({ip}). If this was not you, change your password now',
    hk: '您的賬戶在 {device}（{ip}）登入。如非本人操作，請立即修改密碼',
    th: 'บัญชีของคุณเข้าสู่ระบบบน {device} ({ip}) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที',
    jp: '{device}（{ip}）でログインがありました。心当たりがない場合はすぐにパスワードを変更してください',
    kor: '{device}({ip})에서 로그인했습니다. 본인이 아니면 즉시 비밀번호를 변경하세요',
    fra: "Connexion sur {device} ({ip}). Si ce n'était pas vous, changez votre mot de passe",
    spa: 'Inicio de sesión en {device} ({ip}). Si no fue usted, cambie su contraseña',
  },
  loginChanged: {
    zh: '登录密码已修改',
    en: 'Login password changed',
    hk: '登入密碼已修改',
    th: 'เปลี่ยนรหัสผ่านเข้าสู่ระบบแล้ว',
    jp: 'ログインパスワードが変更されました',
    kor: '로그인 비밀번호 변경됨',
    fra: 'Mot de passe de connexion modifié',
    spa: 'Contraseña de acceso cambiada',
  },
  payChanged: {
    zh: '支付密码已修改',
    en: 'Payment password changed',
    hk: '支付密碼已修改',
    th: 'เปลี่ยนรหัสผ่านการชำระเงินแล้ว',
    jp: '支払いパスワードが変更されました',
    kor: '결제 비밀번호 변경됨',
    fra: 'Mot de passe de paiement modifié',
    spa: 'Contraseña de pago cambiada',
  },
  changedBody: {
    zh: '如非本人操作，请立即联系客服',
    en: 'If this was not you, contact support at once',
    hk: '如非本人操作，請立即聯絡客服',
    th: 'หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการทันที',
    jp: 'お心当たりがない場合は、すぐにサポートへご連絡ください',
    kor: '본인이 아니면 즉시 고객센터에 문의하세요',
    fra: "Si ce n'était pas vous, contactez le support immédiatement",
    spa: 'Si no fue usted, contacte con soporte de inmediato',
  },
  bidAgain: {
    zh: '再次出价',
    en: 'Bid again',
    hk: '再次出價',
    th: 'เสนอราคาอีกครั้ง',
    jp: '再入札',
    kor: '다시 입찰',
    fra: 'Enchérir',
    spa: 'Pujar de nuevo',
  },
  payNow: {
    zh: '立即付款',
    en: 'Pay now',
    hk: '立即付款',
    th: 'ชำระเลย',
    jp: '今すぐ支払う',
    kor: '지금 결제',
    fra: 'Payer',
    spa: 'Pagar ahora',
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

/** Every text has all 8 languages (checked by the tests too). */
export const PUSH_TEXTS: Record<string, Texts> = { ...T, ...TRADE_TEXTS };
export { LOCALES as PUSH_LOCALES };

/** Placeholders that hold an amount of the event's `currency`. */
const MONEY_KEYS = new Set(['amount', 'price', 'margin', 'profit', 'value']);

/** An amount as the app shows it: the currency's precision, rounded half-even ("99.98169426" → "99.98"). */
function shown(key: string, value: unknown, currency: unknown): string {
  if (!MONEY_KEYS.has(key) || typeof value !== 'string' || typeof currency !== 'string') return String(value ?? '');
  const places = currencyDecimals(currency);
  return new Money(value).toDecimalPlaces(places, Money.ROUND_HALF_EVEN).toFixed(places);
}

const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => shown(k, values[k], values.currency));

/** Delivery options of a category: how long the push service keeps it, and its urgency. */
export const CATEGORY_DELIVERY: Record<PushCategory, { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high' }> =
  {
    system: { ttl: 7 * 86_400, urgency: 'low' },
    // An auction notice is worth little once the auction or the payment window has moved on.
    auction: { ttl: 3_600, urgency: 'high' },
    settlement: { ttl: 86_400, urgency: 'normal' },
    wallet: { ttl: 3 * 86_400, urgency: 'normal' },
    security: { ttl: 7 * 86_400, urgency: 'high' },
    support: { ttl: 3 * 86_400, urgency: 'normal' },
    trade: { ttl: 86_400, urgency: 'normal' },
    nft: { ttl: 86_400, urgency: 'normal' },
  };

/** What a message says and does, before it gets its id and time. */
export interface Rendered {
  title: string;
  body: string;
  route: string;
  /** Groups notifications on the device and names the Topic: a newer one replaces an older one. */
  tag: string;
  actions: PushPayload['actions'];
}

const artwork = (id: number) => `/pages/nft/artworkDetail?id=${id}`;
/** The bidding screen of an auction. */
const bid = (id: number) => `/pages/nft/purchase?id=${id}`;
/** The NFT centre's tab of won auctions to pay. */
const payRoute = (_orderId: number) => '/pages/nft/mine?tab=pay';

/** The texts, route and actions of `event` in `locale`. */
export function render(event: PushEvent, locale: Locale): Rendered {
  const t = (key: keyof typeof T, values: Record<string, unknown> = {}) => fill(T[key][locale], values);
  const tt = (key: keyof typeof TRADE_TEXTS, values: Record<string, unknown> = {}) =>
    fill(TRADE_TEXTS[key][locale], values);
  switch (event.type) {
    case 'trade.filled':
    case 'trade.cancelled':
      return {
        ...tradeText(event, tt),
        route: '/pages/transaction/currency_order',
        tag: `order-${event.order_id}`,
        actions: [],
      };
    case 'nft.message':
      return { ...nftText(event, tt), route: artwork(event.artwork_id), tag: `nft-${event.artwork_id}`, actions: [] };
    case 'system.announcement':
      return {
        title: event.title,
        body: event.body,
        route: event.route ?? '/',
        tag: 'system',
        actions: [],
      };
    case 'auction.outbid':
      return {
        title: t('outbidTitle'),
        body: t('outbidBody', event),
        route: artwork(event.artwork_id),
        tag: `outbid-${event.artwork_id}`,
        actions: [{ action: 'bid', title: t('bidAgain'), route: bid(event.artwork_id) }],
      };
    case 'auction.ending_10m':
      return {
        title: t('endingTitle'),
        body: t('endingBody', event),
        route: artwork(event.artwork_id),
        tag: `ending-${event.artwork_id}`,
        actions: [{ action: 'bid', title: t('bidAgain'), route: bid(event.artwork_id) }],
      };
    case 'auction.won':
      return {
        title: t('wonTitle'),
        body: t('wonBody', event),
        route: payRoute(event.order_id),
        tag: `won-${event.order_id}`,
        actions: [{ action: 'pay', title: t('payNow'), route: payRoute(event.order_id) }],
      };
    case 'auction.payment_due_1h':
      return {
        title: t('dueTitle'),
        body: t('dueBody', event),
        route: payRoute(event.order_id),
        tag: `due-${event.order_id}`,
        actions: [{ action: 'pay', title: t('payNow'), route: payRoute(event.order_id) }],
      };
    case 'auction.payment_expired':
      return {
        title: t('expiredTitle'),
        body: t('expiredBody', event),
        route: artwork(event.artwork_id),
        tag: `due-${event.order_id}`,
        actions: [],
      };
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
    case 'wallet.reviewed': {
      const key =
        event.kind === 'recharge'
          ? event.approved
            ? 'rechargeApproved'
            : 'rechargeRejected'
          : event.approved
            ? 'withdrawalApproved'
            : 'withdrawalRejected';
      return {
        title: t(key),
        body: t('walletBody', event),
        route: '/pages/fund/receive_withdraw_record',
        tag: `${event.kind}-${event.id}`,
        actions: [],
      };
    }
    case 'security.login':
      return {
        title: t('loginTitle'),
        body: t('loginBody', event),
        route: '/pages/setting/security',
        tag: 'login',
        actions: [],
      };
    case 'security.password_changed':
      return {
        title: t(event.which === 'pay' ? 'payChanged' : 'loginChanged'),
        body: t('changedBody'),
        route: event.which === 'pay' ? '/pages/setting/payPassword' : '/pages/setting/password',
        tag: `password-${event.which}`,
        actions: [],
      };
    case 'support.reply':
      return {
        title: t('supportReplyTitle'),
        body: cutBytes(event.preview, 300) || t('supportReplyBody'),
        route: '/pages/kefu/index',
        tag: 'support-reply',
        actions: [],
      };
  }
}

/** The most a payload may take (Web Push allows 4096 bytes of plaintext, less the padding). */
export const PAYLOAD_MAX_BYTES = 3_800;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function cutBytes(s: string, max: number): string {
  if (Buffer.byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > max - 3) break;
    out += ch;
  }
  return `${out}...`;
}

/**
 * The encrypted payload of one delivery: the rendered message with the event's id and time,
 * kept under 4 KB (the body, then the title, are shortened if an announcement is too long).
 */
export function payloadOf(eventId: string, event: PushEvent, locale: Locale, at: Date): PushPayload {
  const r = render(event, locale);
  const payload: PushPayload = {
    id: eventId,
    type: event.type,
    category: categoryOf(event.type),
    title: cutBytes(r.title, 200),
    body: r.body,
    route: r.route,
    tag: r.tag,
    actions: r.actions,
    created_at: at.getTime(),
  };
  const over = Buffer.byteLength(JSON.stringify(payload)) - PAYLOAD_MAX_BYTES;
  if (over > 0) payload.body = cutBytes(payload.body, Math.max(0, Buffer.byteLength(payload.body) - over - 8));
  return payload;
}

/** Events of which only the newest still matters while undelivered. */
const REPLACEABLE = new Set<PushEvent['type']>(['auction.outbid', 'auction.ending_10m', 'auction.payment_due_1h']);

/**
 * The Topic header (at most 32 URL-safe characters) of events a newer one makes obsolete: the
 * push service keeps only the newest undelivered message of a topic per subscription, so a newer
 * "outbid" on an artwork replaces an older one. Other events (each announcement, each settlement)
 * have none: every one of them is delivered.
 */
export function topicOf(event: PushEvent, tag: string): string | undefined {
  if (!REPLACEABLE.has(event.type)) return undefined;
  const safe = tag.replace(/[^A-Za-z0-9_-]/g, '_');
  return safe.length <= 32 ? safe : safe.slice(0, 32);
}
