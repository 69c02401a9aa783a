import type { MouseEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { pages } from '@/lib/nav';
import styles from './VerifyLink.module.css';

/** Inside a card that opens on tap, the link opens only the record. */
const own = (e: MouseEvent) => e.stopPropagation();

/**
 * "Verify this settlement": a history's link to the settlement's entry in the public record
 * (`#/pages/proof/record?ref=`, a ref of `settlementRef` in `contract/record.ts`), where its inputs
 * are shown, its outcome recomputed and the chain checked in the browser. One home for every
 * history that shows a settled thing.
 */
export function VerifyLink({ settlement }: { settlement: string }) {
  return (
    <Link
      to={pages.proof.record}
      search={{ ref: settlement }}
      className={styles.link}
      onClick={own}
      data-testid="verify-settlement"
      data-ref={settlement}
    >
      <Trans>Verify this settlement</Trans>
    </Link>
  );
}
