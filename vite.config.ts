import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// In `npm run dev` the service listens on DEV_API_PORT and Vite proxies the API to it,
// so the dashboard keeps using same-origin URLs exactly as in production.
const apiPort = process.env.DEV_API_PORT ?? '8081';
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Every `zod` of the dashboard and the contract is zod configured for our CSP (no eval probe).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Modules run in the order they are imported even across chunks (about 3 KB gzipped more), so
    // src/lib/zod-jitless.ts really configures zod before any schema exists: zod's eval probe is
    // then never made, and the Content-Security-Policy reports nothing.
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/2026-07': apiTarget,
      '/ops': apiTarget,
      '/healthz': apiTarget,
      '/docs': apiTarget,
    },
  },
});
