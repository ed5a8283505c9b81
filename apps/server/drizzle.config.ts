import { defineConfig } from 'drizzle-kit';

// Only generation runs through drizzle-kit; the server applies the committed SQL itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
