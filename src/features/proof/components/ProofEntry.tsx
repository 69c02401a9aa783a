import { List } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { pages, type GoTo } from '@/lib/nav';

/** The way in from the security page: published snapshots and the verifier. */
export function ProofEntry({ onNavigate }: { onNavigate: (to: GoTo) => void }) {
  return (
    <List>
      <List.Item onClick={() => onNavigate(pages.proof.proof)} data-testid="proof-entry">
        <Trans>Proof of liabilities</Trans>
      </List.Item>
    </List>
  );
}
