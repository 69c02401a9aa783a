import type { Locale } from '@contract/domain/locales';
import { textsIn, type PushEventOf, type PushRenderers, type Rendered, type Texts } from './texts';

/**
 * Texts of the security-centre notices (passkeys, the authenticator app, the withdrawal
 * whitelist, the pause after a credential change, the anti-phishing code) in the 8 languages,
 * `{name}` placeholders filled from the event.
 */
export const SECURITY_TEXTS = {
  passkeyAdded: {
    zh: '已添加通行密钥',
    en: 'Passkey added',
    hk: '已新增通行密鑰',
    th: 'เพิ่มพาสคีย์แล้ว',
    jp: 'パスキーが追加されました',
    kor: '패스키가 추가됨',
    fra: "Clé d'accès ajoutée",
    spa: 'Llave de acceso añadida',
  },
  passkeyRemoved: {
    zh: '已删除通行密钥',
    en: 'Passkey removed',
    hk: '已刪除通行密鑰',
    th: 'ลบพาสคีย์แล้ว',
    jp: 'パスキーが削除されました',
    kor: '패스키가 삭제됨',
    fra: "Clé d'accès supprimée",
    spa: 'Llave de acceso eliminada',
  },
  passkeyBody: {
    zh: '通行密钥：{name}。如非本人操作，请立即联系客服',
    en: 'Passkey: {name}. If this was not you, contact support at once',
    hk: '通行密鑰：{name}。如非本人操作，請立即聯絡客服',
    th: 'พาสคีย์: {name} หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการทันที',
    jp: 'パスキー：{name}。お心当たりがない場合は、すぐにサポートへご連絡ください',
    kor: '패스키: {name}. 본인이 아니면 즉시 고객센터에 문의하세요',
    fra: "Clé : {name}. Si ce n'était pas vous, contactez le support immédiatement",
    spa: 'Llave: {name}. Si no fue usted, contacte con soporte de inmediato',
  },
  totpAdded: {
    zh: '已启用身份验证器',
    en: 'Authenticator app added',
    hk: '已啟用身份驗證器',
    th: 'เพิ่มแอปยืนยันตัวตนแล้ว',
    jp: '認証アプリが追加されました',
    kor: '인증 앱이 추가됨',
    fra: "Application d'authentification ajoutée",
    spa: 'App de autenticación añadida',
  },
  totpRemoved: {
    zh: '已移除身份验证器',
    en: 'Authenticator app removed',
    hk: '已移除身份驗證器',
    th: 'ลบแอปยืนยันตัวตนแล้ว',
    jp: '認証アプリが削除されました',
    kor: '인증 앱이 삭제됨',
    fra: "Application d'authentification supprimée",
    spa: 'App de autenticación eliminada',
  },
  notYou: {
    zh: '如非本人操作，请立即联系客服',
    en: 'If this was not you, contact support at once',
    hk: '如非本人操作，請立即聯絡客服',
    th: 'หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการทันที',
    jp: 'お心当たりがない場合は、すぐにサポートへご連絡ください',
    kor: '본인이 아니면 즉시 고객센터에 문의하세요',
    fra: "Si ce n'était pas vous, contactez le support immédiatement",
    spa: 'Si no fue usted, contacte con soporte de inmediato',
  },
  whitelistOn: {
    zh: '提现白名单已开启',
    en: 'Withdrawal whitelist on',
    hk: '提現白名單已開啟',
    th: 'เปิดไวท์ลิสต์การถอนแล้ว',
    jp: '出金ホワイトリストがオンになりました',
    kor: '출금 화이트리스트 켜짐',
    fra: 'Liste blanche de retrait activée',
    spa: 'Lista blanca de retiros activada',
  },
  whitelistOnBody: {
    zh: '现在只能提现到保存满 24 小时的地址和银行卡',
    en: 'Withdrawals now go only to addresses and cards saved at least 24 hours ago',
    hk: '現在只能提現到儲存滿 24 小時的地址和銀行卡',
    th: 'ขณะนี้ถอนได้เฉพาะไปยังที่อยู่และบัตรที่บันทึกไว้อย่างน้อย 24 ชั่วโมง',
    jp: '出金先は24時間以上前に保存したアドレスとカードのみになります',
    kor: '이제 24시간 이상 전에 저장한 주소와 카드로만 출금됩니다',
    fra: 'Les retraits ne vont plus qu’aux adresses et cartes enregistrées depuis au moins 24 heures',
    spa: 'Los retiros solo van a direcciones y tarjetas guardadas hace al menos 24 horas',
  },
  whitelistOffRequested: {
    zh: '已申请关闭提现白名单',
    en: 'Whitelist switch-off requested',
    hk: '已申請關閉提現白名單',
    th: 'มีคำขอปิดไวท์ลิสต์',
    jp: 'ホワイトリストのオフが申請されました',
    kor: '화이트리스트 해제 요청됨',
    fra: 'Désactivation de la liste blanche demandée',
    spa: 'Desactivación de la lista blanca solicitada',
  },
  whitelistOffBody: {
    zh: '将于 {at} 关闭。如非本人操作，请重新开启以取消，并联系客服',
    en: 'It switches off at {at}. If this was not you, switch it on again to cancel and contact support',
    hk: '將於 {at} 關閉。如非本人操作，請重新開啟以取消，並聯絡客服',
    th: 'จะปิดเมื่อ {at} หากไม่ใช่คุณ โปรดเปิดอีกครั้งเพื่อยกเลิกและติดต่อฝ่ายบริการ',
    jp: '{at} にオフになります。心当たりがない場合は、再度オンにして取り消し、サポートへご連絡ください',
    kor: '{at}에 해제됩니다. 본인이 아니면 다시 켜서 취소하고 고객센터에 문의하세요',
    fra: "Elle sera désactivée le {at}. Si ce n'était pas vous, réactivez-la pour annuler et contactez le support",
    spa: 'Se desactivará el {at}. Si no fue usted, vuelva a activarla para cancelar y contacte con soporte',
  },
  whitelistOffCancelled: {
    zh: '已取消关闭提现白名单',
    en: 'Whitelist switch-off cancelled',
    hk: '已取消關閉提現白名單',
    th: 'ยกเลิกการปิดไวท์ลิสต์แล้ว',
    jp: 'ホワイトリストのオフが取り消されました',
    kor: '화이트리스트 해제 취소됨',
    fra: 'Désactivation de la liste blanche annulée',
    spa: 'Desactivación de la lista blanca cancelada',
  },
  whitelistStays: {
    zh: '提现白名单保持开启',
    en: 'The whitelist stays on',
    hk: '提現白名單保持開啟',
    th: 'ไวท์ลิสต์ยังคงเปิดอยู่',
    jp: 'ホワイトリストはオンのままです',
    kor: '화이트리스트가 계속 켜져 있습니다',
    fra: 'La liste blanche reste activée',
    spa: 'La lista blanca sigue activada',
  },
  pausedTitle: {
    zh: '提现暂停 24 小时',
    en: 'Withdrawals paused for 24 hours',
    hk: '提現暫停 24 小時',
    th: 'ระงับการถอน 24 ชั่วโมง',
    jp: '出金を24時間停止しました',
    kor: '출금 24시간 정지',
    fra: 'Retraits suspendus 24 heures',
    spa: 'Retiros en pausa 24 horas',
  },
  pausedBody: {
    zh: '您的账户安全设置已变更，提现将于 {until} 恢复。如非本人操作，请联系客服',
    en: 'Your account security changed. Withdrawals resume at {until}. If this was not you, contact support',
    hk: '您的帳戶安全設定已變更，提現將於 {until} 恢復。如非本人操作，請聯絡客服',
    th: 'การตั้งค่าความปลอดภัยของบัญชีเปลี่ยนแปลง การถอนจะกลับมาใช้ได้เมื่อ {until} หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการ',
    jp: 'アカウントのセキュリティ設定が変更されたため、出金は {until} に再開します。心当たりがない場合はサポートへご連絡ください',
    kor: '계정 보안 설정이 변경되어 {until}에 출금이 재개됩니다. 본인이 아니면 고객센터에 문의하세요',
    fra: "La sécurité du compte a changé. Les retraits reprennent le {until}. Si ce n'était pas vous, contactez le support",
    spa: 'La seguridad de su cuenta cambió. Los retiros se reanudan el {until}. Si no fue usted, contacte con soporte',
  },
  antiPhishingSet: {
    zh: '已设置防钓鱼码',
    en: 'Anti-phishing code set',
    hk: '已設定防釣魚碼',
    th: 'ตั้งรหัสป้องกันฟิชชิงแล้ว',
    jp: 'フィッシング対策コードを設定しました',
    kor: '피싱 방지 코드 설정됨',
    fra: 'Code anti-hameçonnage défini',
    spa: 'Código antiphishing configurado',
  },
  antiPhishingChanged: {
    zh: '防钓鱼码已修改',
    en: 'Anti-phishing code changed',
    hk: '防釣魚碼已修改',
    th: 'เปลี่ยนรหัสป้องกันฟิชชิงแล้ว',
    jp: 'フィッシング対策コードを変更しました',
    kor: '피싱 방지 코드 변경됨',
    fra: 'Code anti-hameçonnage modifié',
    spa: 'Código antiphishing cambiado',
  },
  antiPhishingRemoved: {
    zh: '防钓鱼码已删除',
    en: 'Anti-phishing code removed',
    hk: '防釣魚碼已刪除',
    th: 'ลบรหัสป้องกันฟิชชิงแล้ว',
    jp: 'フィッシング対策コードを削除しました',
    kor: '피싱 방지 코드 삭제됨',
    fra: 'Code anti-hameçonnage supprimé',
    spa: 'Código antiphishing eliminado',
  },
  factorReset: {
    zh: '客服已重置您的二次验证',
    en: 'Your second factor was reset by staff',
    hk: '客服已重設您的雙重驗證',
    th: 'เจ้าหน้าที่รีเซ็ตการยืนยันขั้นที่สองของคุณแล้ว',
    jp: 'スタッフが二段階認証をリセットしました',
    kor: '직원이 2차 인증을 초기화했습니다',
    fra: 'Votre second facteur a été réinitialisé par le support',
    spa: 'El equipo de soporte restableció su segundo factor',
  },
  factorResetBody: {
    zh: '经两名管理员批准，已移除：{what}。提现暂停 24 小时。如非本人申请，请立即联系客服',
    en: 'Approved by two administrators, removed: {what}. Withdrawals pause for 24 hours. If you did not ask for this, contact support at once',
    hk: '經兩名管理員批准，已移除：{what}。提現暫停 24 小時。如非本人申請，請立即聯絡客服',
    th: 'ผู้ดูแลสองคนอนุมัติแล้ว ได้ลบ: {what} การถอนเงินหยุดชั่วคราว 24 ชั่วโมง หากคุณไม่ได้ขอ โปรดติดต่อฝ่ายบริการทันที',
    jp: '2 名の管理者の承認により削除されました：{what}。出金は 24 時間停止されます。お心当たりがない場合は、すぐにサポートへご連絡ください',
    kor: '관리자 두 명의 승인으로 삭제됨: {what}. 출금이 24시간 중지됩니다. 본인이 요청하지 않았다면 즉시 고객센터에 문의하세요',
    fra: 'Approuvé par deux administrateurs, supprimé : {what}. Les retraits sont suspendus 24 heures. Si vous ne l’avez pas demandé, contactez le support immédiatement',
    spa: 'Aprobado por dos administradores, eliminado: {what}. Los retiros se pausan 24 horas. Si no lo solicitó, contacte con soporte de inmediato',
  },
  factorResetProposed: {
    zh: '有人申请重置您的二次验证',
    en: 'A reset of your second factor was requested',
    hk: '有人申請重設您的雙重驗證',
    th: 'มีคำขอรีเซ็ตการยืนยันขั้นที่สองของคุณ',
    jp: '二段階認証のリセットが申請されました',
    kor: '2차 인증 초기화가 요청되었습니다',
    fra: 'Une réinitialisation de votre second facteur a été demandée',
    spa: 'Se solicitó restablecer su segundo factor',
  },
  factorResetProposedBody: {
    zh: '管理员申请移除：{what}。仅当第二位管理员在 24 小时内批准后才会执行。如非本人申请，请立即联系客服',
    en: 'An administrator asked to remove: {what}. It happens only if a second administrator approves within 24 hours. If you did not ask for this, contact support at once',
    hk: '管理員申請移除：{what}。僅當第二位管理員在 24 小時內批准後才會執行。如非本人申請，請立即聯絡客服',
    th: 'ผู้ดูแลขอลบ: {what} จะดำเนินการเมื่อผู้ดูแลคนที่สองอนุมัติภายใน 24 ชั่วโมงเท่านั้น หากคุณไม่ได้ขอ โปรดติดต่อฝ่ายบริการทันที',
    jp: '管理者が削除を申請しました：{what}。2 人目の管理者が 24 時間以内に承認した場合のみ実行されます。お心当たりがない場合は、すぐにサポートへご連絡ください',
    kor: '관리자가 삭제를 요청했습니다: {what}. 두 번째 관리자가 24시간 안에 승인해야만 실행됩니다. 본인이 요청하지 않았다면 즉시 고객센터에 문의하세요',
    fra: 'Un administrateur a demandé de supprimer : {what}. Cela ne se fait que si un second administrateur approuve sous 24 heures. Si vous ne l’avez pas demandé, contactez le support immédiatement',
    spa: 'Un administrador pidió eliminar: {what}. Solo se hace si un segundo administrador lo aprueba en 24 horas. Si no lo solicitó, contacte con soporte de inmediato',
  },
  factorResetRejected: {
    zh: '二次验证重置申请已被拒绝',
    en: 'The reset of your second factor was turned down',
    hk: '雙重驗證重設申請已被拒絕',
    th: 'คำขอรีเซ็ตการยืนยันขั้นที่สองของคุณถูกปฏิเสธ',
    jp: '二段階認証のリセットは却下されました',
    kor: '2차 인증 초기화 요청이 거절되었습니다',
    fra: 'La réinitialisation de votre second facteur a été refusée',
    spa: 'Se rechazó el restablecimiento de su segundo factor',
  },
  factorResetRejectedBody: {
    zh: '未移除任何内容：{what} 保持不变',
    en: 'Nothing was removed: {what} stays as it was',
    hk: '未移除任何內容：{what} 保持不變',
    th: 'ไม่มีสิ่งใดถูกลบ: {what} ยังคงเดิม',
    jp: '何も削除されていません：{what} はそのままです',
    kor: '아무것도 삭제되지 않았습니다: {what}은(는) 그대로입니다',
    fra: 'Rien n’a été supprimé : {what} reste tel quel',
    spa: 'No se eliminó nada: {what} sigue como estaba',
  },
  factorResetTotp: {
    zh: '身份验证器',
    en: 'the authenticator app',
    hk: '身份驗證器',
    th: 'แอปยืนยันตัวตน',
    jp: '認証アプリ',
    kor: '인증 앱',
    fra: "l'application d'authentification",
    spa: 'la app de autenticación',
  },
  factorResetPasskeys: {
    zh: '{count} 个通行密钥',
    en: '{count} passkey(s)',
    hk: '{count} 個通行密鑰',
    th: 'พาสคีย์ {count} รายการ',
    jp: 'パスキー {count} 件',
    kor: '패스키 {count}개',
    fra: "{count} clé(s) d'accès",
    spa: '{count} llave(s) de acceso',
  },
} satisfies Record<string, Texts>;

type Fill = (key: keyof typeof SECURITY_TEXTS, values?: Record<string, unknown>) => string;

type SecurityCentreType =
  | 'security.passkey'
  | 'security.totp'
  | 'security.whitelist'
  | 'security.withdraw_paused'
  | 'security.anti_phishing'
  | 'security.factor_reset';

export type SecurityCentreEvent = PushEventOf<SecurityCentreType>;

/** A time in a message: the server does not know the reader's zone, so UTC, to the minute. */
export const utcMinute = (iso: string | null) =>
  iso ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';

const ANTI_PHISHING_TITLES = {
  set: 'antiPhishingSet',
  changed: 'antiPhishingChanged',
  removed: 'antiPhishingRemoved',
} as const;

function titleAndBody(event: SecurityCentreEvent, t: Fill): { title: string; body: string } {
  switch (event.type) {
    case 'security.passkey':
      return { title: t(event.change === 'added' ? 'passkeyAdded' : 'passkeyRemoved'), body: t('passkeyBody', event) };
    case 'security.totp':
      return { title: t(event.change === 'added' ? 'totpAdded' : 'totpRemoved'), body: t('notYou') };
    case 'security.whitelist':
      if (event.change === 'on') return { title: t('whitelistOn'), body: t('whitelistOnBody') };
      if (event.change === 'off_cancelled') return { title: t('whitelistOffCancelled'), body: t('whitelistStays') };
      return { title: t('whitelistOffRequested'), body: t('whitelistOffBody', { at: utcMinute(event.at) }) };
    case 'security.withdraw_paused':
      return { title: t('pausedTitle'), body: t('pausedBody', { until: utcMinute(event.until) }) };
    case 'security.anti_phishing':
      return { title: t(ANTI_PHISHING_TITLES[event.change]), body: t('notYou') };
    case 'security.factor_reset': {
      const what = [
        ...(event.totp ? [t('factorResetTotp')] : []),
        ...(event.passkeys > 0 ? [t('factorResetPasskeys', { count: event.passkeys })] : []),
      ].join(', ');
      if (event.stage === 'proposed')
        return { title: t('factorResetProposed'), body: t('factorResetProposedBody', { what }) };
      if (event.stage === 'rejected')
        return { title: t('factorResetRejected'), body: t('factorResetRejectedBody', { what }) };
      return { title: t('factorReset'), body: t('factorResetBody', { what }) };
    }
  }
}

/** Title, body, route, tag and actions of a security-centre notice: each opens the security page. */
function securityText(event: SecurityCentreEvent, locale: Locale): Rendered {
  return {
    ...titleAndBody(event, textsIn(SECURITY_TEXTS, locale)),
    route: '/pages/setting/security',
    tag: event.type.replace('security.', 'security-'),
    actions: [],
  };
}

export const SECURITY_RENDERERS: Pick<PushRenderers, SecurityCentreType> = {
  'security.passkey': securityText,
  'security.totp': securityText,
  'security.whitelist': securityText,
  'security.withdraw_paused': securityText,
  'security.anti_phishing': securityText,
  'security.factor_reset': securityText,
};
