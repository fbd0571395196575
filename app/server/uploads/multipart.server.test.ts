/**
 * The streaming multipart reader on its own, with small limits: files handed over in order with
 * their checksum, each limit refused with its code, a client that goes away mid-file, and a
 * failure in the file handler that waits for it before rejecting.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readMultipart, type MultipartLimits, type ReceivedFile } from './multipart.server';
import { UploadError } from './upload-error.server';

const LIMITS: MultipartLimits = { maxFileBytes: 1_000, maxFiles: 3, maxRequestBytes: 10_000, maxFields: 2, maxFieldBytes: 20 };

function formRequest(form: FormData): Request {
  return new Request('http://dimora.test/upload', { method: 'POST', body: form });
}

async function read(request: Request, limits = LIMITS) {
  const files: ReceivedFile[] = [];
  const result = await readMultipart({
    body: request.body,
    contentType: request.headers.get('content-type'),
    limits,
    onFile: async (file) => {
      files.push(file);
    },
  });
  return { ...result, received: files };
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe('readMultipart', () => {
  it('hands over each file in order with its sanitised name, size and SHA-256, and the fields', async () => {
    const form = new FormData();
    form.set('note', 'hello');
    form.append('photos', new File([Buffer.from('first file')], 'é-one.jpg', { type: 'image/jpeg' }));
    form.append('photos', new File([Buffer.from('second')], 'two.png', { type: 'image/png' }));
    const { fields, files, received } = await read(formRequest(form));
    expect(fields).toEqual({ note: 'hello' });
    expect(files).toBe(2);
    expect(received.map((file) => [file.index, file.fileName, file.size, file.claimedType, file.data.toString()])).toEqual([
      [0, 'é-one.jpg', 10, 'image/jpeg', 'first file'],
      [1, 'two.png', 6, 'image/png', 'second'],
    ]);
    expect(received[0]!.sha256).toBe(createHash('sha256').update('first file').digest('hex'));
  });

  it('skips the empty part a file input sends when no file was chosen', async () => {
    const form = new FormData();
    form.append('photos', new File([], ''));
    const { files, received } = await read(formRequest(form));
    expect(files).toBe(0);
    expect(received).toEqual([]);
  });

  it('refuses each limit with its own code', async () => {
    const big = new FormData();
    big.append('photos', new File([Buffer.alloc(1_001)], 'big.jpg'));
    expect((await refusal(read(formRequest(big)))).code).toBe('file_too_large');
    expect((await refusal(read(formRequest(big)))).fileName).toBe('big.jpg');

    const exact = new FormData();
    exact.append('photos', new File([Buffer.alloc(1_000)], 'exact.jpg'));
    expect((await read(formRequest(exact))).files).toBe(1);

    const many = new FormData();
    for (let i = 0; i < 4; i += 1) many.append('photos', new File([Buffer.from(`f${i}`)], `f${i}.jpg`));
    const tooMany = await refusal(read(formRequest(many)));
    expect([tooMany.code, tooMany.limit]).toEqual(['too_many_files', 3]);

    const heavy = new FormData();
    for (let i = 0; i < 3; i += 1) heavy.append('photos', new File([Buffer.alloc(900)], `h${i}.jpg`));
    expect((await refusal(read(formRequest(heavy), { ...LIMITS, maxRequestBytes: 2_000 }))).code).toBe('request_too_large');

    const longField = new FormData();
    longField.set('note', 'x'.repeat(21));
    expect((await refusal(read(formRequest(longField)))).code).toBe('bad_field');

    const fields = new FormData();
    for (const name of ['a', 'b', 'c']) fields.set(name, '1');
    expect((await refusal(read(formRequest(fields)))).code).toBe('bad_field');
  });

  it('refuses a name with a path, whatever the content, and says which file', async () => {
    for (const name of ['../../etc/passwd.jpg', 'C:\\fakepath\\photo.jpg', '..', '/etc/shadow.png', `${'a'.repeat(300)}.jpg`]) {
      const form = new FormData();
      form.append('photos', new File([Buffer.from('x')], name));
      const error = await refusal(read(formRequest(form)));
      expect(error.code, name).toBe('bad_file_name');
    }
  });

  it('refuses a body that is not multipart, or a broken one', async () => {
    const json = new Request('http://dimora.test/upload', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect((await refusal(read(json))).code).toBe('not_multipart');
    const broken = new Request('http://dimora.test/upload', {
      method: 'POST',
      body: '--XYZ\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    });
    expect((await refusal(read(broken))).code).toBe('malformed');
  });

  it('stops when the client goes away mid-file, after the file being handled is finished', async () => {
    const boundary = 'B0UNDARY';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="one.jpg"\r\n\r\nfirst\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="two.jpg"\r\n\r\npart of the sec`,
    );
    let handled = 0;
    let finished = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        setTimeout(() => controller.error(new Error('connection reset')), 20);
      },
    });
    const error = await refusal(
      readMultipart({
        body,
        contentType: `multipart/form-data; boundary=${boundary}`,
        limits: LIMITS,
        onFile: async () => {
          handled += 1;
          await new Promise((resolve) => setTimeout(resolve, 60));
          finished += 1;
        },
      }),
    );
    expect(error.code).toBe('malformed');
    // The first file's handling had started: the rejection waited for it to end.
    expect([handled, finished]).toEqual([1, 1]);
  });

  it('rejects with what the file handler threw and hands over no further file', async () => {
    const form = new FormData();
    form.append('photos', new File([Buffer.from('one')], 'one.jpg'));
    form.append('photos', new File([Buffer.from('two')], 'two.jpg'));
    const seen: string[] = [];
    const request = formRequest(form);
    const error = await refusal(
      readMultipart({
        body: request.body,
        contentType: request.headers.get('content-type'),
        limits: LIMITS,
        onFile: async (file) => {
          seen.push(file.fileName);
          throw new UploadError('unsupported_type', { fileName: file.fileName });
        },
      }),
    );
    expect([error.code, error.fileName]).toEqual(['unsupported_type', 'one.jpg']);
    expect(seen).toEqual(['one.jpg']);
  });
});
