import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of the auction pushes (outbid, ending, won, payment due and expired) and of NFT messages
 * that have no push of their own, in the 8 languages, and what each opens (`{name}` placeholders
 * are filled from the event; wiring.ts adds the renderers to the app's table).
 */
export const NFT_PUSH_TEXTS = {
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
  nftBoughtTitle: {
    zh: '购买成功',
    en: 'Purchase complete',
    hk: '購買成功',
    th: 'ซื้อสำเร็จ',
    jp: '購入が完了しました',
    kor: '구매 완료',
    fra: 'Achat effectué',
    spa: 'Compra completada',
  },
  nftSoldTitle: {
    zh: '您的作品已售出',
    en: 'Your artwork was sold',
    hk: '您的作品已售出',
    th: 'ผลงานของคุณขายแล้ว',
    jp: '作品が売れました',
    kor: '작품이 판매되었습니다',
    fra: 'Votre œuvre a été vendue',
    spa: 'Su obra se ha vendido',
  },
  nftBidTitle: {
    zh: '出价成功',
    en: 'Your bid was placed',
    hk: '出價成功',
    th: 'เสนอราคาสำเร็จ',
    jp: '入札しました',
    kor: '입찰 완료',
    fra: 'Votre enchère est placée',
    spa: 'Su puja se ha realizado',
  },
  nftOpenedTitle: {
    zh: '盲盒已开启',
    en: 'Blind box opened',
    hk: '盲盒已開啟',
    th: 'เปิดกล่องสุ่มแล้ว',
    jp: 'ブラインドボックスを開封しました',
    kor: '블라인드 박스를 열었습니다',
    fra: 'Boîte mystère ouverte',
    spa: 'Caja sorpresa abierta',
  },
  nftOtherTitle: {
    zh: 'NFT 消息',
    en: 'NFT message',
    hk: 'NFT 消息',
    th: 'ข้อความ NFT',
    jp: 'NFT のお知らせ',
    kor: 'NFT 메시지',
    fra: 'Message NFT',
    spa: 'Mensaje NFT',
  },
  nftPriceBody: {
    zh: '「{name}」· {price} {currency}',
    en: '"{name}" · {price} {currency}',
    hk: '「{name}」· {price} {currency}',
    th: '"{name}" · {price} {currency}',
    jp: '「{name}」· {price} {currency}',
    kor: '"{name}" · {price} {currency}',
    fra: '« {name} » · {price} {currency}',
    spa: '«{name}» · {price} {currency}',
  },
  nftNameBody: {
    zh: '「{name}」',
    en: '"{name}"',
    hk: '「{name}」',
    th: '"{name}"',
    jp: '「{name}」',
    kor: '"{name}"',
    fra: '« {name} »',
    spa: '«{name}»',
  },
} satisfies Record<string, Texts>;

type Key = keyof typeof NFT_PUSH_TEXTS;
type AuctionType =
  'auction.outbid' | 'auction.ending_10m' | 'auction.won' | 'auction.payment_due_1h' | 'auction.payment_expired';

const artwork = (id: number) => `/pages/nft/artworkDetail?id=${id}`;
/** The bidding screen of an auction. */
const bid = (id: number) => `/pages/nft/purchase?id=${id}`;
/** The NFT centre's tab of won auctions to pay. */
const payRoute = (_orderId: number) => '/pages/nft/mine?tab=pay';

/**
 * Title, body, route, tag and actions of an auction push. An outbid, an ending auction and a
 * payment due are replaceable: while undelivered, only the newest of its tag still matters.
 */
function auctionText(event: PushEventOf<AuctionType>, locale: Locale): Rendered {
  const t = textsIn(NFT_PUSH_TEXTS, locale);
  switch (event.type) {
    case 'auction.outbid':
      return {
        title: t('outbidTitle'),
        body: t('outbidBody', event),
        route: artwork(event.artwork_id),
        tag: `outbid-${event.artwork_id}`,
        actions: [{ action: 'bid', title: t('bidAgain'), route: bid(event.artwork_id) }],
        replaceable: true,
      };
    case 'auction.ending_10m':
      return {
        title: t('endingTitle'),
        body: t('endingBody', event),
        route: artwork(event.artwork_id),
        tag: `ending-${event.artwork_id}`,
        actions: [{ action: 'bid', title: t('bidAgain'), route: bid(event.artwork_id) }],
        replaceable: true,
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
        replaceable: true,
      };
    case 'auction.payment_expired':
      return {
        title: t('expiredTitle'),
        body: t('expiredBody', event),
        route: artwork(event.artwork_id),
        tag: `due-${event.order_id}`,
        actions: [],
      };
  }
}

/** The title of an NFT message by its kind (kinds without a title of their own share one). */
const NFT_TITLE: Partial<Record<string, Key>> = {
  paid: 'nftBoughtTitle',
  bought: 'nftBoughtTitle',
  sold: 'nftSoldTitle',
  bid: 'nftBidTitle',
  opened: 'nftOpenedTitle',
};

/** Title and body of an NFT message, and its artwork's page. */
function nftText(event: PushEventOf<'nft.message'>, locale: Locale): Rendered {
  const t = textsIn(NFT_PUSH_TEXTS, locale);
  return {
    title: t(NFT_TITLE[event.kind] ?? 'nftOtherTitle'),
    body: t(event.price === null ? 'nftNameBody' : 'nftPriceBody', event),
    route: artwork(event.artwork_id),
    tag: `nft-${event.artwork_id}`,
    actions: [],
  };
}

export const NFT_PUSH_RENDERERS: Pick<PushRenderers, AuctionType | 'nft.message'> = {
  'auction.outbid': auctionText,
  'auction.ending_10m': auctionText,
  'auction.won': auctionText,
  'auction.payment_due_1h': auctionText,
  'auction.payment_expired': auctionText,
  'nft.message': nftText,
};
