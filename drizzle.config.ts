import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate`), committed, and applied by the
// server at start; the same files serve PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  // Every file of the folder, so a new table needs no edit of the index (which the cores import).
  schema: './server/src/db/schema/*.ts',
  out: './server/src/db/migrations',
});
