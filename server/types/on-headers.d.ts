/** Types of `on-headers` 1.1 (no @types package): runs `listener` just before headers are written. */
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
