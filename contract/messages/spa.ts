import type { Messages } from './index';
import en from './en';

// Translation pending: falls back to English until translated.
const m: Messages = en;
export default m;
