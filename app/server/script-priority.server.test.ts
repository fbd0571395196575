/**
 * The module preloads' low fetch priority (decision 036): every `<link rel="modulepreload">` of
 * the HTML stream is rewritten, including one cut between two writes, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads, withLowPriorityModulePreloads } from './script-priority.server';

async function through(pieces: string[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on('end', resolve));
  for (const piece of pieces) stream.write(Buffer.from(piece, 'utf-8'));
  stream.end();
  await done;
  return Buffer.concat(out).toString('utf-8');
}

const page =
  '<!DOCTYPE html><html lang="it"><head><link rel="stylesheet" href="/assets/shell.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/shell.js"/>' +
  '</head><body><h1>Appartamenti in affitto · città</h1><p>rel="modulepreload" in text stays</p></body></html>';

const expected = page
  .replace(
    '<link rel="modulepreload" href="/assets/entry.client.js"',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"',
  )
  .replace('<link rel="modulepreload" href="/assets/shell.js"', '<link rel="modulepreload" fetchpriority="low" href="/assets/shell.js"');

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low and leaves the rest of the page as it was', () => {
    expect(withLowPriorityModulePreloads(page)).toBe(expected);
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(expected).toContain('<link rel="stylesheet" href="/assets/shell.css"/>');
  });

  it('rewrites a tag cut anywhere between two writes, and multi-byte text cut in half', async () => {
    const bytes = Buffer.from(page, 'utf-8');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const stream = lowPriorityModulePreloads();
      const out: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => out.push(chunk));
      const done = new Promise((resolve) => stream.on('end', resolve));
      stream.write(bytes.subarray(0, cut));
      stream.write(bytes.subarray(cut));
      stream.end();
      await done;
      expect(Buffer.concat(out).toString('utf-8'), `cut at byte ${cut}`).toBe(expected);
    }
  });

  it('passes a page in many small writes through whole', async () => {
    const pieces = page.match(/.{1,7}/gs) ?? [];
    expect(await through(pieces)).toBe(expected);
    expect(await through([])).toBe('');
  });
});
