import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

// The production build lands in apps/web/dist, which the Node server serves with an SPA fallback.
// In development, API calls are proxied to the server (PORT 3000 unless CEPPRO_API says otherwise).
const api = process.env.CEPPRO_API ?? 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz beside each built text file, served as they are by the server.
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `npm start` serves this build to the public: no source maps in it.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Not the Korean font's @font-face rules: styles/fonts.ts loads them for the Korean interface only.
            { name: 'vendor', test: /node_modules[\\/](?!@fontsource-variable[\\/]noto-sans-kr[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/public': api,
      '/graphql': api,
      '/minio': api,
      '/ai': api,
      '/ai_api': api,
      '/files': api,
      '/healthz': api,
      '/manual': api,
      '/ws': { target: api, ws: true },
    },
  },
});
