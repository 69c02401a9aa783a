import { useLingui } from '@lingui/react/macro';
import type { Check } from '@contract/domain/merkle-sum-proof';
import type { ProofResult } from '../model/verify';
import styles from './proof.module.css';

function useCheckLabel() {
  const { t } = useLingui();
  return (check: Check): string => {
    const level = check.level ?? 0;
    switch (check.name) {
      case 'shape':
        return t`Proof file is complete`;
      case 'leaf_range':
        return t`Your amounts are not negative and within range`;
      case 'leaf_hash':
        return t`Leaf hash`;
      case 'level_range':
        return t`Level ${level}: sums within range`;
      case 'level_sums':
        return t`Level ${level}: sums add up`;
      case 'level_hash':
        return t`Level ${level}: hash`;
      case 'root_hash':
        return t`Root hash matches the published root`;
      case 'root_sums':
        return t`Root sums match the published totals`;
    }
  };
}

/** Every check of one proof, each passed or failed, in the order the verifier ran them. */
export function CheckList({ result }: { result: ProofResult }) {
  const { t } = useLingui();
  const label = useCheckLabel();
  const failed = result.verification.checks.find((c) => !c.ok);
  return (
    <div data-testid={`proof-result-${result.proof.leaf.index}`}>
      <p className={`${styles.verdict} ${failed ? styles.fail : styles.pass}`} data-testid="proof-verdict">
        {failed ? t`Failed: ${label(failed)}` : t`All checks passed`}
      </p>
      <ul className={styles.checks}>
        {result.verification.checks.map((c, i) => (
          <li
            key={i}
            className={c.ok ? styles.pass : styles.fail}
            data-testid={`check-${c.name}${c.level ? `-${c.level}` : ''}`}
          >
            <span role="img" aria-label={c.ok ? t`passed` : t`failed`}>
              {c.ok ? '✓' : '✗'}
            </span>
            <span>{label(c)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
