import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

/** The server's VAPID identity: the key pair push services check each request's token against. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for the push service operator: `mailto:` or an https URL. */
  subject: string;
}

/** Where demo mode keeps its generated keys. */
export const vapidFile = (dataDir: string) => join(dataDir, 'vapid.json');

const DEMO_SUBJECT = 'mailto:demo@localhost.invalid';

/**
 * The VAPID keys: from the environment when set (production must set them: the configuration
 * refuses to load without), else, in demo mode, the pair kept in the data folder, generated and
 * written there on first start (so subscriptions made in the browser stay valid across restarts).
 */
export async function loadVapidKeys(config: Pick<Config, 'mode' | 'dataDir' | 'vapid'>): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  if (config.mode === 'production') {
    throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required in production');
  }
  const file = vapidFile(config.dataDir);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: stored.subject ?? DEMO_SUBJECT };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // web-push is needed here only for a new pair; the worker loads it with its first delivery.
  const { default: webpush } = await import('web-push');
  const generated = { ...webpush.generateVAPIDKeys(), subject: DEMO_SUBJECT };
  await mkdir(config.dataDir, { recursive: true });
  // Written whole and renamed, so a crash never leaves half a key; the private key is for us only.
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(generated), { mode: 0o600 });
  await rename(tmp, file);
  // Two processes starting at once: whichever rename landed last wins; read it back.
  const kept = JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
  return kept;
}
