import { useLingui } from '@lingui/react/macro';
import type { IeoState } from '@contract/ieo';
import { STATE_LABELS } from '../model/labels';
import styles from './ieo.module.css';

export function StateTag({ state }: { state: IeoState }) {
  const { i18n } = useLingui();
  return (
    <span className={`${styles.tag} ${styles[state]}`} data-testid="ieo-state">
      {i18n._(STATE_LABELS[state])}
    </span>
  );
}
