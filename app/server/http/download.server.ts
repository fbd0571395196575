/**
 * Every file a route sends as a download or a document (decision 037): stored documents,
 * generated PDFs (leases, receipts, invoices), CSV exports and backups. One set of headers:
 *
 * - `Content-Type` as given, `Content-Length` when the size is known;
 * - `Content-Disposition` (RFC 6266) with a quoted ASCII `filename` and the UTF-8 `filename*`
 *   of RFC 5987, so any name survives and none can break the header;
 * - `X-Content-Type-Options: nosniff`;
 * - `Content-Security-Policy: default-src 'none'; sandbox` on attachments and on inline images
 *   (private photos, decision 056), so a file opened anyway runs nothing. Inline PDFs we generate
 *   keep the site's policy instead: Chromium's PDF viewer does not run in a sandboxed document;
 * - `Cache-Control: private, no-store`: every file here is someone's (public photos are served
 *   by `/media`, not by this helper).
 */

/** What a download is made of. */
export type FileDownload = {
  body: BodyInit | ReadableStream<Uint8Array> | Uint8Array;
  /** The name the browser saves it under (any characters; made safe here). */
  fileName: string;
  contentType: string;
  /** Bytes, when known (streams of unknown length omit it). */
  size?: number;
  /** `attachment` (default) saves the file; `inline` shows it (our generated PDFs). */
  disposition?: 'attachment' | 'inline';
  status?: number;
};

/** `name` reduced to printable ASCII without quotes, backslashes or semicolons (≤ 150 characters). */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\;]/g, '_').slice(0, 150) || 'download';
}

/** The `Content-Disposition` value for `fileName`: a quoted ASCII fallback and the UTF-8 `filename*` (RFC 5987). */
export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  return `${disposition}; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The headers of a download (see the module comment). */
export function downloadHeaders({
  fileName,
  contentType,
  size,
  disposition = 'attachment',
}: Omit<FileDownload, 'body' | 'status'>): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(disposition, fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
  if (size !== undefined) headers['Content-Length'] = String(size);
  if (disposition === 'attachment' || contentType.startsWith('image/')) headers['Content-Security-Policy'] = "default-src 'none'; sandbox";
  return headers;
}

/** A download response (see the module comment). A `Uint8Array`/`Buffer` body sets `Content-Length` itself. */
export function fileResponse(download: FileDownload): Response {
  const size = download.size ?? (download.body instanceof Uint8Array ? download.body.byteLength : undefined);
  const body = download.body instanceof Uint8Array ? new Uint8Array(download.body) : download.body;
  return new Response(body as BodyInit, { status: download.status ?? 200, headers: downloadHeaders({ ...download, size }) });
}
