import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin } from '../admin/create';

const USAGE = 'usage: npm run admin:create -- EMAIL [--role admin|support]';

/**
 * `npm run admin:create -- EMAIL [--role support]`: the only way to make the first administrator
 * (or a support account); further roles are given in the console.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const roleAt = args.indexOf('--role');
  const role = roleAt >= 0 ? args[roleAt + 1] : 'admin';
  const email = args.find((a, i) => !a.startsWith('--') && (roleAt < 0 || i !== roleAt + 1));
  if (!email || (role !== 'admin' && role !== 'support')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const created = await createAdmin(database.db, email, new Date(), role);
    const title = role === 'admin' ? 'Administrator' : 'Support';
    console.log(`${title}: ${email.trim().toLowerCase()} (account ${created.accountNumber})`);
    if (created.password) console.log(`New account password (change it after logging in): ${created.password}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
