import type { Locale } from '@contract/domain/locales';
import { cutBytes, textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from '../../push/texts';

/**
 * Texts of customer service's reply in the 8 languages, and what it opens (wiring.ts adds the
 * renderer to the app's table).
 */
export const SUPPORT_PUSH_TEXTS = {
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
} satisfies Record<string, Texts>;

function supportReplyText(event: PushEventOf<'support.reply'>, locale: Locale): Rendered {
  const t = textsIn(SUPPORT_PUSH_TEXTS, locale);
  return {
    title: t('supportReplyTitle'),
    body: cutBytes(event.preview, 300) || t('supportReplyBody'),
    route: '/pages/kefu/index',
    tag: 'support-reply',
    actions: [],
  };
}

export const SUPPORT_PUSH_RENDERERS: Pick<PushRenderers, 'support.reply'> = { 'support.reply': supportReplyText };
