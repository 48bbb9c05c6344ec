import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes SQL migrations from src/storage/schema.ts; they are committed and applied by `migrate(db)`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/schema.ts',
  out: './drizzle',
  schemaFilter: ['scenaria_dm_embedded'],
});
