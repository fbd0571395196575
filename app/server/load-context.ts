/**
 * What our Express server hands every loader and action (`context`): the shared database and
 * logger, and the request id that doubles as the error id on error screens.
 */
import type { Db } from './db/client.server';
import type { Logger } from './logger.server';

export type DimoraLoadContext = {
  db: Db;
  logger: Logger;
  requestId: string;
  /** Client address taken from the socket (or a trusted proxy), never from a header alone. */
  clientIp: string;
};

declare module 'react-router' {
  // Module augmentation needs an interface; it adds its members through `extends`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends DimoraLoadContext {}
}
