/** Types of `@20minutes/s3rver` 4 (no @types package): the parts the tests use (tests/setup/s3.ts). */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  type Context = { method: string; url: string; path: string; app: S3rver };
  export default class S3rver {
    constructor(options?: Options);
    /** Koa's middleware stack (s3rver is a Koa application), composed when `run` listens. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
