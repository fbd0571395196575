/**
 * The streaming multipart reader of the upload pipeline (DESIGN §4 "Files"): busboy over the
 * request body, with limits on each file, the number of files, the whole request and the form
 * fields. Files are handed over one at a time, in order, each held in memory only while it is
 * handled (≤ the per-file limit): the body is never buffered whole, nothing is written to a
 * temporary file, and while a file is being handled the request is not read further
 * (backpressure), so a slow image does not let the next ones pile up in memory.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { displayFileName, sanitizeFileName } from './file-names.server';
import { UploadError } from './upload-error.server';

export type MultipartLimits = {
  /** Bytes per file. */
  maxFileBytes: number;
  /** Files per request. */
  maxFiles: number;
  /** Bytes of the whole body, framing included. */
  maxRequestBytes: number;
  /** Non-file fields per request. */
  maxFields: number;
  /** Bytes per field value. */
  maxFieldBytes: number;
};

/** One received file. `fileName` is sanitised and only a label; `claimedType` is the client's and is not trusted. */
export type ReceivedFile = {
  /** 0-based position among the request's files. */
  index: number;
  fieldName: string;
  fileName: string;
  claimedType: string;
  data: Buffer;
  size: number;
  /** SHA-256 (hex) of the bytes as received. */
  sha256: string;
};

type Options = {
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string | null;
  limits: MultipartLimits;
  /**
   * Handles one file; called once per file, in order, never concurrently. Throwing (an
   * `UploadError` or anything else) stops the reading, and `readMultipart` rejects with it once
   * every call already started has finished.
   */
  onFile: (file: ReceivedFile) => Promise<void>;
  /** Aborts the reading (the client went away). */
  signal?: AbortSignal;
};

/**
 * Reads a `multipart/form-data` body. Resolves with the text fields and the number of files once
 * every file has been handled. Rejects with an `UploadError` (`not_multipart`, `malformed`,
 * `bad_field`, `bad_file_name`, `too_many_files`, `file_too_large`, `request_too_large`) or
 * with whatever `onFile` threw, always after `onFile`'s last call has settled, so the caller can
 * clean up everything it stored.
 *
 * After a refusal the rest of the body is read and discarded (up to `maxRequestBytes`), so the
 * client still receives the answer; beyond that, or when the client goes away, the stream is
 * destroyed.
 */
export function readMultipart({
  body,
  contentType,
  limits,
  onFile,
  signal,
}: Options): Promise<{ fields: Record<string, string>; files: number }> {
  if (!body || !contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return Promise.reject(new UploadError('not_multipart'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Keep the name as sent, to refuse paths instead of silently cutting them off.
      preservePath: true,
      defParamCharset: 'utf8',
      limits: {
        // busboy flags a file that reaches its limit; one byte more lets a file of exactly the limit through.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        fieldNameSize: 100,
        parts: limits.maxFiles + limits.maxFields,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(new UploadError('not_multipart'));
  }
  const source: Readable = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let files = 0;
    let received = 0;
    let failure: unknown = null;
    let finished = false;
    // The files' handling, one after the other; a failure waits for it before rejecting.
    let queue: Promise<void> = Promise.resolve();
    const open = new Set<Readable>();

    const stopListening = () => {
      signal?.removeEventListener('abort', onAbort);
    };

    const fail = (error: unknown, { destroySource = false } = {}) => {
      if (failure || finished) return;
      failure = error;
      stopListening();
      source.unpipe(parser);
      for (const stream of open) stream.destroy();
      open.clear();
      parser.removeAllListeners('file');
      parser.removeAllListeners('field');
      parser.on('error', () => undefined);
      parser.destroy();
      if (destroySource) source.destroy();
      else source.resume(); // discard the rest; the counter below still stops an endless body
      const settle = () => reject(failure);
      void queue.then(settle, settle);
    };

    const onAbort = () => fail(new UploadError('malformed'), { destroySource: true });
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxRequestBytes) {
        if (failure) source.destroy();
        else fail(new UploadError('request_too_large', { limit: limits.maxRequestBytes }), { destroySource: true });
      }
    });
    source.on('error', () => fail(new UploadError('malformed'), { destroySource: true }));
    // The body ended while the parser still wanted more: the client went away mid-file.
    source.on('aborted', () => fail(new UploadError('malformed'), { destroySource: true }));

    parser.on('file', (fieldName, stream, info) => {
      // Streams destroyed by a failure emit errors nobody else may be listening for yet.
      stream.on('error', () => undefined);
      const index = files;
      files += 1;
      const raw = info.filename ?? '';
      const fileName = sanitizeFileName(raw);
      if (fileName === null && raw !== '') {
        stream.resume();
        fail(new UploadError('bad_file_name', { fileName: displayFileName(raw) }));
        return;
      }
      open.add(stream);
      queue = queue.then(async () => {
        if (failure) return;
        const file = await collect(stream, fileName ?? '', limits.maxFileBytes).finally(() => open.delete(stream));
        if (failure) return;
        // A file input left empty sends a part with no name and no bytes: not a file.
        if (file.size === 0 && raw === '') {
          files -= 1;
          return;
        }
        await onFile({
          index,
          fieldName,
          fileName: file.name,
          claimedType: info.mimeType,
          data: file.data,
          size: file.size,
          sha256: file.sha256,
        });
      });
      queue.catch((error: unknown) => fail(error));
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) {
        fail(new UploadError('bad_field'));
        return;
      }
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new UploadError('too_many_files', { limit: limits.maxFiles })));
    parser.on('fieldsLimit', () => fail(new UploadError('bad_field')));
    parser.on('partsLimit', () => fail(new UploadError('malformed')));
    parser.on('error', () => fail(new UploadError('malformed')));
    parser.on('close', () => {
      void queue.then(
        () => {
          if (failure) return;
          finished = true;
          stopListening();
          resolve({ fields, files });
        },
        () => undefined,
      );
    });
    source.pipe(parser);
  });
}

/** Reads one file stream into memory (≤ `maxBytes`), hashing it on the way. */
function collect(
  stream: Readable & { truncated?: boolean },
  name: string,
  maxBytes: number,
): Promise<{ name: string; data: Buffer; size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let done = false;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
      chunks.push(chunk);
    });
    stream.on('limit', () => {
      done = true;
      stream.resume();
      chunks.length = 0;
      reject(new UploadError('file_too_large', { fileName: name || undefined, limit: maxBytes }));
    });
    stream.on('end', () => {
      if (done) return;
      done = true;
      // 'limit' may have been emitted before anyone listened: `truncated` says it all the same.
      if (stream.truncated) {
        reject(new UploadError('file_too_large', { fileName: name || undefined, limit: maxBytes }));
        return;
      }
      resolve({ name, data: Buffer.concat(chunks, size), size, sha256: hash.digest('hex') });
    });
    stream.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
    stream.on('close', () => {
      if (done) return;
      done = true;
      reject(new UploadError('malformed'));
    });
  });
}
/** True when `request` carries a multipart body (a form with files may come with it). */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}
