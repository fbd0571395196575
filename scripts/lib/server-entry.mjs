/**
 * Where `npm run build` puts the compiled server entry (scripts/build-server.mjs, decision 053),
 * relative to the project root: what `npm start`, the browser tests, Lighthouse and the
 * benchmarks run with plain `node`.
 */
export const SERVER_ENTRY = 'build/entry/index.js';
