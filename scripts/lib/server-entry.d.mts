/** Where `npm run build` puts the compiled server entry, relative to the project root (server-entry.mjs). */
export declare const SERVER_ENTRY: string;
