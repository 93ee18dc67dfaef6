import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes of server/db/schema.ts into a new committed SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
