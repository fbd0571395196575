import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ReceivedFile } from './multipart.server';
import { isPdf, storeDocument, storeUploadedDocument } from './receive-document.server';
import type { UploadBatch } from './receive-photos.server';
import { UploadError } from './upload-error.server';
import type { UploadScan } from './upload-scan.server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function received(data: Buffer, fileName = 'file.pdf'): ReceivedFile {
  return { index: 0, fieldName: 'file', fileName, claimedType: 'application/pdf', data, size: data.length, sha256: 'f'.repeat(64) };
}

function memoryBatch(): UploadBatch & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const keys: string[] = [];
  return {
    files,
    keys,
    async put(key, data) {
      keys.push(key);
      files.set(key, data);
    },
    async discard() {
      files.clear();
    },
  };
}

/** A malware-scan hook that passes everything and remembers the names of the files it saw. */
function recordingScan(): UploadScan & { seen: string[] } {
  const seen: string[] = [];
  return Object.assign(async (file: { fileName: string }) => void seen.push(file.fileName), { seen });
}

const scan = recordingScan();

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('the shared document reader (vendor documents, invoice PDFs, project files)', () => {
  it('isPdf goes by the content: the %PDF- signature, not a name or a look-alike', async () => {
    expect(await isPdf(PDF)).toBe(true);
    expect(await isPdf(Buffer.from('%PDF', 'latin1'))).toBe(false);
    expect(await isPdf(Buffer.from('hello %PDF-1.4', 'latin1'))).toBe(false);
  });

  it('keeps a PDF byte for byte under the key it is given', async () => {
    const batch = memoryBatch();
    const stored = await storeUploadedDocument({
      file: received(PDF, 'quote.pdf'),
      batch,
      keyFor: (kind) => `documents/ab/x.${kind}`,
      scan,
    });
    expect(stored).toEqual({
      key: 'documents/ab/x.pdf',
      mime: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: 'f'.repeat(64),
      width: null,
      height: null,
      originalName: 'quote.pdf',
    });
    expect(Buffer.from(batch.files.get('documents/ab/x.pdf')!).equals(PDF)).toBe(true);
  });

  it('refuses an empty file, and an image when only PDFs are taken (invoices) or its type is not accepted', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const batch = memoryBatch();
    expect(await refusal(storeUploadedDocument({ file: received(Buffer.alloc(0)), batch, keyFor: () => 'k.pdf', scan }))).toBe(
      'empty_file',
    );
    expect(await refusal(storeUploadedDocument({ file: received(png, 'scan.png'), batch, keyFor: () => 'k.pdf', scan }))).toBe(
      'unsupported_type',
    );
    expect(
      await refusal(
        storeUploadedDocument({
          file: received(png, 'scan.png'),
          batch,
          keyFor: () => 'k.bin',
          scan,
          images: { accept: ['image/jpeg'], width: 100 },
        }),
      ),
    ).toBe('unsupported_type');
    expect(batch.keys).toEqual([]);
  });

  it('re-encodes an accepted image as WebP at the width asked (vendor documents: under private/)', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const batch = memoryBatch();
    const stored = await storeDocument({ file: received(png, 'coi.png'), batch, folder: 'vendor-documents', scan });
    expect(stored).toMatchObject({ mime: 'image/webp', width: 2000, height: 1000, originalName: 'coi.png' });
    expect(stored.key).toMatch(/^private\/vendor-documents\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(batch.keys).toEqual([stored.key]);
  });

  it('passes a PDF, kept as sent, through the malware-scan hook before storing it; a re-encoded image is not scanned', async () => {
    const seen = recordingScan();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const batch = memoryBatch();
    await storeDocument({ file: received(PDF, 'coi.pdf'), batch, folder: 'vendor-documents', scan: seen });
    await storeDocument({ file: received(png, 'coi.png'), batch, folder: 'vendor-documents', scan: seen });
    expect(seen.seen).toEqual(['coi.pdf']);
    // A refusing hook stops the PDF before anything is written.
    const refusing: UploadScan = async (file) => {
      throw new UploadError('infected', { fileName: file.fileName });
    };
    const empty = memoryBatch();
    expect(await refusal(storeDocument({ file: received(PDF, 'bad.pdf'), batch: empty, folder: 'vendor-documents', scan: refusing }))).toBe(
      'infected',
    );
    expect(empty.keys).toEqual([]);
  });
});
