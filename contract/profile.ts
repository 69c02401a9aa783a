import { z } from 'zod';
import { endpoint } from './define';
import { isNickname, isSignature } from './domain/checkers';
import { text } from './domain/wire';

/** Longest signature (SPEC.md section 5: 2-30 characters). */
export const SIGNATURE_MAX = 30;
/** Side in pixels of the square avatar the device crops to and the server stores. */
export const AVATAR_SIZE = 256;
/** What `/upload` answers: the file reference of one of the caller's own uploads. */
export const UPLOAD_REFERENCE = /^\/api\/upload\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/;
/** Where the server serves avatars (public, immutable names). */
export const AVATAR_URL_PREFIX = '/api/avatar/';

/** Nickname: 2-10 characters of Chinese, English letters or digits (SPEC.md section 5). */
export const nickname = () => text({ max: 64 }).refine(isNickname, { error: 'nickname_invalid' });

/** Signature: 2-30 characters, no special characters (SPEC.md section 5). */
export const signature = () => text({ max: 64 }).refine(isSignature, { error: 'signature_invalid' });

/**
 * Sets the avatar from an image uploaded with `/upload` (already cropped square on the device).
 * The server checks that the upload is the caller's own, makes a square AVATAR_SIZE WebP of it and
 * answers the avatar's public address. Sending the same reference again answers the same address.
 */
export const uploadHeadPortrait = endpoint({
  method: 'POST',
  path: '/user/uploadHeadPortrait',
  auth: true,
  summary: "Set the avatar from one of the caller's uploads (reference from /upload)",
  tags: ['user'],
  request: z.object({
    head_portrait: text({ max: 64 })
      .min(1, { error: 'field_required' })
      .refine((v) => UPLOAD_REFERENCE.test(v), { error: 'field_invalid' }),
  }),
  response: z.object({ head_portrait: z.string() }),
});

/** Changes the nickname, the signature, or both; a field left out keeps its value. */
export const editNickname = endpoint({
  method: 'POST',
  path: '/user/editNickname',
  auth: true,
  summary: 'Change the nickname (2-10 Chinese, English or digits) and/or the signature (2-30)',
  tags: ['user'],
  request: z.object({ nickname: nickname().optional(), signature: signature().optional() }).superRefine((v, ctx) => {
    if (v.nickname === undefined && v.signature === undefined)
      ctx.addIssue({ code: 'custom', message: 'field_required', path: ['nickname'] });
  }),
  response: z.object({ nickname: z.string(), signature: z.string() }),
});

/**
 * "Stay logged in". On (the default): a session lasts while it is used at least once every
 * SESSION_IDLE_DAYS. Off: a session ends after SESSION_SHORT_IDLE_MINUTES without a request, and
 * the app signs out when it is opened again after being closed.
 */
export const setStayLoggedIn = endpoint({
  method: 'POST',
  path: '/safe/stay_logged_in',
  auth: true,
  summary: 'Keep sessions signed in for long (1) or end them soon after use and on closing the app (0)',
  tags: ['identity'],
  request: z.object({ stay_logged_in: z.enum(['0', '1'], { error: 'field_invalid' }) }),
  response: z.object({ stay_logged_in: z.boolean(), idle_minutes: z.number().int() }),
});
