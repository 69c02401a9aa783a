/**
 * The security score of the security page: which protections an account has on, a score out of
 * 100 and what to add next. Weights say how much each protection stops a thief who has the
 * password: a passkey cannot be phished and confirms every sensitive action; the authenticator
 * app is the next strongest second factor; the whitelist keeps withdrawals to addresses saved a
 * day earlier; the pay password guards each withdrawal; the anti-phishing code lets the user tell
our messages from a phisher's. A new protection is one line here.
 */
export const PROTECTION_WEIGHTS = {
  passkey: 30,
  totp: 25,
  whitelist: 20,
  pay_password: 15,
  anti_phishing: 10,
} as const satisfies Record<string, number>;

export type ProtectionKey = keyof typeof PROTECTION_WEIGHTS;

export interface ProtectionFlag {
  key: ProtectionKey;
  on: boolean;
}

export interface SecurityScore {
  /** 0 to 100: the weights of the protections on, over the weights of all of them, rounded. */
  score: number;
  on: ProtectionKey[];
  /** The protections still off, the heaviest first. */
  next: ProtectionKey[];
}

const KEYS = Object.keys(PROTECTION_WEIGHTS) as ProtectionKey[];
const TOTAL = KEYS.reduce((sum, key) => sum + PROTECTION_WEIGHTS[key], 0);

/** A protection missing from `flags` counts as off; a repeated one counts once. */
export function securityScore(flags: readonly ProtectionFlag[]): SecurityScore {
  const onKeys = new Set(flags.filter((f) => f.on && f.key in PROTECTION_WEIGHTS).map((f) => f.key));
  const on = KEYS.filter((key) => onKeys.has(key));
  const next = KEYS.filter((key) => !onKeys.has(key)).sort((a, b) => PROTECTION_WEIGHTS[b] - PROTECTION_WEIGHTS[a]);
  const earned = on.reduce((sum, key) => sum + PROTECTION_WEIGHTS[key], 0);
  return { score: Math.round((100 * earned) / TOTAL), on, next };
}
