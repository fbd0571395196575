/**
 * The malware-scan hook of the upload pipeline (DESIGN §4 "Files"; decision 052): every file
 * kept as the client sent it passes through here before it is stored — today the PDFs of
 * `storeUploadedDocument` (vendors' certificates and W-9s, invoice PDFs, project files and bid
 * attachments), which require a hook, so no new document path can skip it.
 *
 * - Malware found: the file is refused (`UploadError` `infected`, 422), nothing is stored, the
 *   refusal is audited (`upload_malware_found`, with the signature, the file's SHA-256 and size)
 *   and logged as a warning with the signature.
 * - The scan cannot be done (clamd down, too slow, answering an error): the file is refused too
 *   (`scan_unavailable`, 503, "try again later") and the failure logged as an error. Failing
 *   closed keeps an unscanned file out of staff's hands while clamd is down; a machine that runs
 *   without clamd on purpose leaves CLAMD_URL unset and accepts files unscanned instead.
 *
 * Not scanned: images — photos (listings, buildings, maintenance, work orders) and images sent as
 * documents. They are decoded and re-encoded by sharp (photo-variants.server.ts), so not one byte
 * the client sent is stored or served; a payload hidden in them is gone. Scanning their original
 * bytes as well would make every photo upload wait for, and fail with, clamd while protecting
 * nothing that is kept (decision 052).
 */
import { recordAuditEvent, requestOrigin, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import type { DimoraLoadContext } from '~/server/load-context';
import type { Logger } from '~/server/logger.server';
import { MalwareScanError, type MalwareScanner } from './malware-scan.server';
import { UploadError } from './upload-error.server';

/** The file a hook checks: its bytes, the client's (sanitised) name, its SHA-256 (hex) and size (bytes). */
export type ScannedFile = { data: Uint8Array; fileName: string; sha256: string; size: number };

/** Checks one file before it is stored; throws `UploadError` `infected` or `scan_unavailable`. */
export type UploadScan = (file: ScannedFile) => Promise<void>;

/** The few logger methods the hook uses. */
type ScanLogger = Pick<Logger, 'warn' | 'error'>;

/**
 * The hook of one request: scans with `scanner`, and on malware audits the refusal in `db` as
 * `userId` from `origin` and logs it through `logger`. `purpose` names the upload in the audit
 * entry and the log (`vendor_document`, `project_document`, `bid_attachment`, `invoice_pdf`).
 */
export function createUploadScan({
  scanner,
  db,
  logger,
  userId,
  origin,
  purpose,
}: {
  scanner: MalwareScanner;
  db: Db;
  logger: ScanLogger;
  userId: string;
  origin: RequestOrigin;
  purpose: string;
}): UploadScan {
  return async (file) => {
    const fileName = file.fileName || undefined;
    let result;
    try {
      result = await scanner.scan(file.data);
    } catch (error) {
      if (!(error instanceof MalwareScanError)) throw error;
      logger.error({ err: error, reason: error.reason, purpose, user: userId }, 'malware scan unavailable: upload refused');
      throw new UploadError('scan_unavailable', { fileName });
    }
    if (result.clean) return;
    const facts = { signature: result.signature, purpose, sha256: file.sha256, size_bytes: file.size, file_name: fileName ?? null };
    logger.warn({ ...facts, user: userId }, 'malware found: upload refused');
    await recordAuditEvent({ db, userId, action: 'upload_malware_found', origin, tableName: 'document', values: facts });
    throw new UploadError('infected', { fileName });
  };
}

/** The hook of a request served with `context`, for `userId`'s upload of `purpose` (see `createUploadScan`). */
export function uploadScanFor(context: DimoraLoadContext, request: Request, userId: string, purpose: string): UploadScan {
  return createUploadScan({
    scanner: context.malwareScanner,
    db: context.db,
    logger: context.logger,
    userId,
    origin: requestOrigin(request, context.clientIp),
    purpose,
  });
}
