import type { Locale } from '@contract/domain/locales';
import { notMeRoute } from '@contract/devices';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from './texts';

/**
 * Texts of the account pushes (a reviewed recharge or withdrawal, a login, a changed password) in
 * the 8 languages, and what each opens (`{name}` placeholders are filled from the event).
 */
export const ACCOUNT_TEXTS = {
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
  newDeviceTitle: {
    zh: '新设备登录',
    en: 'Sign-in from a new device',
    hk: '新裝置登入',
    th: 'เข้าสู่ระบบจากอุปกรณ์ใหม่',
    jp: '新しい端末からのログイン',
    kor: '새 기기에서 로그인',
    fra: 'Connexion depuis un nouvel appareil',
    spa: 'Inicio de sesión desde un dispositivo nuevo',
  },
  newDeviceBody: {
    zh: '您的账户在新设备 {device}（{ip}）登录。如非本人操作，请点击“不是我”',
    en: 'Your account signed in on a new device: {device} ({ip}). If this wasn\'t you, tap "This wasn\'t me"',
    hk: '您的賬戶在新裝置 {device}（{ip}）登入。如非本人操作，請點擊「不是我」',
    th: 'บัญชีของคุณเข้าสู่ระบบบนอุปกรณ์ใหม่ {device} ({ip}) หากไม่ใช่คุณ โปรดแตะ "ไม่ใช่ฉัน"',
    jp: '新しい端末 {device}（{ip}）でログインがありました。心当たりがない場合は「自分ではない」をタップ',
    kor: '새 기기 {device}({ip})에서 로그인했습니다. 본인이 아니면 "본인 아님"을 누르세요',
    fra: "Connexion sur un nouvel appareil : {device} ({ip}). Si ce n'était pas vous, touchez « Ce n'était pas moi »",
    spa: 'Inicio de sesión en un dispositivo nuevo: {device} ({ip}). Si no fue usted, toque «No fui yo»',
  },
  notMeAction: {
    zh: '不是我',
    en: "This wasn't me",
    hk: '不是我',
    th: 'ไม่ใช่ฉัน',
    jp: '自分ではない',
    kor: '본인 아님',
    fra: "Ce n'était pas moi",
    spa: 'No fui yo',
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
} satisfies Record<string, Texts>;

type AccountType = 'wallet.reviewed' | 'security.login' | 'security.new_device' | 'security.password_changed';

/** Title, body, route, tag and actions of a wallet review or security push. */
function accountText(event: PushEventOf<AccountType>, locale: Locale): Rendered {
  const t = textsIn(ACCOUNT_TEXTS, locale);
  switch (event.type) {
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
    case 'security.new_device':
      return {
        title: t('newDeviceTitle'),
        body: t('newDeviceBody', event),
        route: '/pages/setting/security',
        tag: `new-device-${event.device}-${event.ip}`,
        actions: [{ action: 'not_me', title: t('notMeAction'), route: notMeRoute(event.token) }],
      };
    case 'security.password_changed':
      return {
        title: t(event.which === 'pay' ? 'payChanged' : 'loginChanged'),
        body: t('changedBody'),
        route: event.which === 'pay' ? '/pages/setting/payPassword' : '/pages/setting/password',
        tag: `password-${event.which}`,
        actions: [],
      };
  }
}

export const ACCOUNT_RENDERERS: Pick<PushRenderers, AccountType> = {
  'wallet.reviewed': accountText,
  'security.login': accountText,
  'security.new_device': accountText,
  'security.password_changed': accountText,
};
