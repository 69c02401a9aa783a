import { useLingui } from '@lingui/react/macro';
import type { User } from '@contract/auth';
import { nickname as nicknameRule, signature as signatureRule, SIGNATURE_MAX } from '@contract/profile';
import { refreshUser } from '@/lib/user';
import { saveProfile } from '../api/profile';
import { EditTextSheet } from './EditTextSheet';

interface ProfileTextSheetProps {
  field: 'nickname' | 'signature';
  user: User;
  onClose: () => void;
}

/** The editor of the nickname or the signature, with its rule; a save reads the user again. */
export function ProfileTextSheet({ field, user, onClose }: ProfileTextSheetProps) {
  const { t } = useLingui();
  return (
    <EditTextSheet
      title={field === 'nickname' ? t`Nickname` : t`Signature`}
      schema={field === 'nickname' ? nicknameRule() : signatureRule()}
      initial={field === 'nickname' ? user.nickname : user.signature}
      maxLength={field === 'nickname' ? 10 : SIGNATURE_MAX}
      hint={
        field === 'nickname'
          ? t`2 to 10 Chinese characters, English letters or digits.`
          : t`2 to 30 characters, no special characters.`
      }
      onSave={async (value) => {
        await saveProfile({ [field]: value });
        await refreshUser();
      }}
      onClose={onClose}
    />
  );
}
