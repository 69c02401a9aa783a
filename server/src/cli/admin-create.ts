import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin } from '../modules/admin/create';

/** `npm run admin:create -- EMAIL`: the only way to make an administrator. */
async function main(): Promise<number> {
  const email = process.argv[2];
  if (!email) {
    console.error('usage: npm run admin:create -- EMAIL');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const created = await createAdmin(database.db, email, new Date());
    console.log(`Administrator: ${email.trim().toLowerCase()} (account ${created.accountNumber})`);
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
