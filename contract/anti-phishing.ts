import { z } from 'zod';
import { endpoint } from './define';
import { hasNoControlCharacters } from './domain/wire';
import { stepUpField } from './security';

/**
 * The anti-phishing code: a phrase the user chooses, shown at the top of every mail and in
 * brackets at the start of every text message and push notification the app sends them, so a
 * message without it is not ours. Set from the signed-in security page only; changing or
 * removing one that is set needs a step-up (`anti_phishing` bound to the new code,
 * `remove_anti_phishing`). No endpoint without a session answers it.
 */

export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;

/** Letters (with their combining marks, as Thai and Hindi write them), digits and spaces. */
const ALLOWED = /^[\p{L}\p{M}\p{N} ]+$/u;
/** Words a reader would take for a link even without dots or slashes. */
const LINK_WORDS = /(?:https?|www|ftp|mailto)/i;

/**
 * The code as stored: NFKC-normalized (full-width letters become plain ones, so `ｗｗｗ` is
 * `www`), trimmed, inner runs of white space made one space.
 */
export const normalizeAntiPhishing = (v: string): string => v.normalize('NFKC').trim().replace(/ {2,}/g, ' ');

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
const lengthOf = (v: string) => [...v].length;

/**
 * The code field: 4 to 20 letters, digits or spaces of any script. Markup (`<`, `&`), links
 * (`.`, `/`, `:`, `@`) and control or invisible characters are not letters, so they are refused,
 * and so are link words (`www`, `http`).
 */
export const antiPhishingCode = () =>
  z
    .string({ error: 'field_required' })
    // Far above any code (NFKC may lengthen a little), so normalizing stays cheap.
    .max(ANTI_PHISHING_MAX * 10, { error: 'anti_phishing_length', abort: true })
    .refine((v) => hasNoControlCharacters(v), { error: 'anti_phishing_chars', abort: true })
    .transform(normalizeAntiPhishing)
    .refine((v) => v.length > 0, { error: 'field_required', abort: true })
    .refine((v) => ALLOWED.test(v), { error: 'anti_phishing_chars', abort: true })
    .refine((v) => lengthOf(v) >= ANTI_PHISHING_MIN && lengthOf(v) <= ANTI_PHISHING_MAX, {
      error: 'anti_phishing_length',
      abort: true,
    })
    .refine((v) => !LINK_WORDS.test(v), { error: 'anti_phishing_link' });

/** How texts and push notifications carry the code: `[code] ` before their text. */
export const antiPhishingMark = (code: string) => `[${code}]`;

export const antiPhishingSchema = z.object({
  /** Null while none is set. */
  code: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AntiPhishing = z.infer<typeof antiPhishingSchema>;

export const antiPhishingGet = endpoint({
  method: 'GET',
  path: '/security/anti_phishing',
  auth: true,
  summary: "The signed-in user's anti-phishing code",
  tags: ['security'],
  request: z.object({}),
  response: antiPhishingSchema,
});

export const antiPhishingSet = endpoint({
  method: 'POST',
  path: '/security/anti_phishing',
  auth: true,
  summary: 'Set the anti-phishing code; changing one that is set needs a step-up of action anti_phishing',
  tags: ['security'],
  request: z.object({ anti_phishing_code: antiPhishingCode(), step_up: stepUpField() }),
  response: antiPhishingSchema,
});

export const antiPhishingRemove = endpoint({
  method: 'POST',
  path: '/security/anti_phishing/remove',
  auth: true,
  summary: 'Remove the anti-phishing code (step-up of action remove_anti_phishing)',
  tags: ['security'],
  request: z.object({ step_up: stepUpField() }),
  response: antiPhishingSchema,
});
