/**
 * What a plain form post's redirect may show (decision 017): a refused file's name
 * beside the message, but never a sentence someone put in a crafted `?photoFile=` link.
 */
import { describe, expect, it } from 'vitest';
import { shownFileName } from './photo-messages';

describe('shownFileName', () => {
  it('shows names shaped like a file', () => {
    for (const name of ['IMG_0001.HEIC', 'cute.jpg', 'Soggiorno luminoso (2).webp', 'plan-ç.png'])
      expect(shownFileName(name), name).toBe(name);
  });

  it('hides text that is not a file name', () => {
    for (const name of [
      null,
      '',
      'Your account is suspended. Call +1 555 0100',
      'Visit https://evil.example/login.html',
      'see www.evil.example.jpg',
      'line\nbreak.jpg',
      '../etc/passwd.jpg',
      '<b>bold</b>.jpg',
      `${'a'.repeat(80)}.jpg`,
    ]) {
      expect(shownFileName(name), String(name)).toBeNull();
    }
  });
});
