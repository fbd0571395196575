import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import path from 'node:path';
import { pwaPlugin } from './scripts/lib/pwa-build';
import { chunkModulesPlugin, shellChunkGroups } from './scripts/lib/shell-chunks';

export default defineConfig({
  // pwaPlugin: /sw.js, the web app manifest, its icons and /offline.html after the client build (decision 035).
  // chunkModulesPlugin: reports the chunks' modules for scripts/shell-chunks.mjs (decision 036).
  plugins: [reactRouter(), pwaPlugin(), chunkModulesPlugin(import.meta.dirname)],
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  // The client manifest stays in build/client/.vite for the bundle-size report (not served: dot-folder).
  // The public pages' first load in a few chunks (scripts/lib/shell-chunks.ts, decision 033).
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: shellChunkGroups(import.meta.dirname) } } },
  },
});
