import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { SUPPORT_PUSH_RENDERERS, SUPPORT_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [{ type: 'support.reply', preview: 'Your deposit arrived' }];

describe('support push texts', () => {
  itChecksPushTexts([SUPPORT_PUSH_TEXTS], SUPPORT_PUSH_RENDERERS, EVENTS);
});
