import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { catalogueMediaRefs } from '../products/nft/media-catalogue';
import { BUILT_MEDIA_DIR, mediaDirOf, renderMissing } from '../products/nft/media-files';
import { demoMediaRefs } from '../products/nft/seed';

const USAGE = 'usage: npm run nft:media [-- --demo DIR]';

/**
 * Renders NFT media once, so no request ever does. `--demo DIR`: the demo catalogue's (run by the
 * server build into dist-server/nft-media). Without arguments: every medium the configured
 * database's catalogue refers to that has no file yet, into DATA_DIR/nft-media (an installation
 * from before media were files).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--demo') {
    if (!args[1]) {
      console.error(USAGE);
      return 2;
    }
    const made = await renderMissing(args[1], demoMediaRefs());
    if (made > 0) console.log(`NFT demo media: ${made} rendered into ${args[1]}`);
    return 0;
  }
  if (args.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const dir = mediaDirOf(config.dataDir);
    const made = await renderMissing(dir, await catalogueMediaRefs(database.db), [dir, BUILT_MEDIA_DIR]);
    console.log(`NFT media: ${made} rendered into ${dir}`);
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
