import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';

/** Pull to refresh in the user's language; resolves when the refresh has finished. */
export function Refresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <PullToRefresh
      onRefresh={async () => void (await onRefresh())}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      {children}
    </PullToRefresh>
  );
}
