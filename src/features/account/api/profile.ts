import { editNickname, uploadHeadPortrait } from '@contract/profile';
import { call } from '@/lib/http';

/** Sets the avatar from an uploaded picture; the network failing is the caller's to handle (queue it). */
export const sendAvatar = (ref: string) => call(uploadHeadPortrait, { head_portrait: ref }, { silent: true });
export const saveProfile = (fields: { nickname?: string; signature?: string }) => call(editNickname, fields);
