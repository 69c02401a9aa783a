import { Tag } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RealState } from '@contract/identity';
import { STATE_COLORS, STATE_LABELS } from '../model/states';

export function LevelBadge({ state }: { state: RealState }) {
  const { i18n } = useLingui();
  return (
    <Tag color={STATE_COLORS[state]} fill="outline" data-testid="real-state">
      {i18n._(STATE_LABELS[state])}
    </Tag>
  );
}
