import { Checkbox } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { pages } from '@/lib/nav';
import styles from './copytrade.module.css';

/** Accepting the copy trading agreement, with links to read it in English or Chinese. */
export function AgreementCheck({ agreed, onAgreed }: { agreed: boolean; onAgreed: (v: boolean) => void }) {
  return (
    <div className={styles.agreeBox}>
      <Checkbox checked={agreed} onChange={onAgreed} className={styles.agree}>
        <Trans>I have read and accept the copy trading agreement</Trans>
      </Checkbox>
      <div className={styles.agreeLinks}>
        <Trans>Read it:</Trans>
        <Link to={pages.follow.agreement_en} className={styles.link}>
          English
        </Link>
        <Link to={pages.follow.agreement_zh} className={styles.link}>
          中文
        </Link>
      </div>
    </div>
  );
}
