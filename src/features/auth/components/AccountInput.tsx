import { Input } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { AccountType } from '@contract/auth';
import { areaAtom } from '../state/area';
import styles from './auth.module.css';

interface Props {
  id: string;
  type: AccountType;
  value: string;
  onChange: (value: string) => void;
  onPickArea: () => void;
  onEnterPress?: () => void;
}

/** The email address, or the mobile number after its dialling code (picked on the area page). */
export function AccountInput({ id, type, value, onChange, onPickArea, onEnterPress }: Props) {
  const { t } = useLingui();
  const area = useAtomValue(areaAtom);
  const common = {
    id,
    'aria-label': type === 'email' ? t`Email` : t`Mobile number`,
    value,
    onChange,
    onEnterPress,
    clearable: true,
    autoComplete: 'username',
    autoCapitalize: 'off',
    autoCorrect: 'off',
    maxLength: type === 'email' ? 254 : 15,
  } as const;

  if (type === 'email') {
    return <Input {...common} type="email" inputMode="email" placeholder={t`Enter your email address`} />;
  }
  return (
    <div className={styles.row}>
      <button
        type="button"
        className={styles.area}
        onClick={onPickArea}
        aria-label={t`Country or area code: +${area.dialCode}. Tap to change.`}
      >
        +{area.dialCode}
        <DownFill fontSize={10} />
      </button>
      <Input
        {...common}
        style={{ flex: 1, minWidth: 0 }}
        type="tel"
        inputMode="numeric"
        placeholder={t`Enter your mobile number`}
      />
    </div>
  );
}
