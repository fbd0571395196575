/**
 * What our Express server hands every loader and action (`context`): the shared database,
 * auth instance, mailer and logger, the request id that doubles as the error id on error
 * screens, the client address and the CSP nonce of this response, the upload storage and the
 * malware scanner.
 */
import type { Auth } from './auth/auth.server';
import type { Db } from './db/client.server';
import type { Logger } from './logger.server';
import type { Mailer } from './mail/mailer.server';
import type { MalwareScanner } from './uploads/malware-scan.server';
import type { UploadStorage } from './uploads/storage.server';

export type DimoraLoadContext = {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  requestId: string;
  /** Client address taken from the socket (or a trusted proxy), never from a header alone. */
  clientIp: string;
  /** The nonce every inline script of this response carries (Content-Security-Policy). */
  cspNonce: string;
  /** The site's public origin, for absolute links in e-mails. */
  publicUrl: string;
  /** Where uploaded files are stored (`DATA_DIR/uploads`, served at /media). */
  storage: UploadStorage;
  /** Scans uploaded documents kept as sent (decision 052): clamd with CLAMD_URL, else none. */
  malwareScanner: MalwareScanner;
};

declare module 'react-router' {
  // Module augmentation needs an interface; it adds its members through `extends`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends DimoraLoadContext {}
}
