import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  // The client manifest stays in build/client/.vite for the bundle-size report (not served: dot-folder).
  build: { target: 'es2022', manifest: true },
});
