import { z } from 'zod';
import { endpoint } from './define';
import { requiredString } from './domain/rules';

export const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string(),
  sent_at: z.string(),
});

/** Demo mode only: what would have been sent by mail or SMS, newest first. */
export const devMailbox = endpoint({
  method: 'GET',
  path: '/dev/mailbox',
  auth: false,
  summary: 'Development mailbox (demo mode only): messages sent to an address, newest first',
  tags: ['dev'],
  request: z.object({ to: requiredString() }),
  response: z.array(mailSchema),
});
