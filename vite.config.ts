import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import path from 'node:path';
import { pwaPlugin } from './scripts/lib/pwa-build';

export default defineConfig({
  // pwaPlugin: /sw.js, the web app manifest, its icons and /offline.html after the client build (issue 13 item 8).
  plugins: [reactRouter(), pwaPlugin()],
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  // The client manifest stays in build/client/.vite for the bundle-size report (not served: dot-folder).
  build: { target: 'es2022', manifest: true },
});
