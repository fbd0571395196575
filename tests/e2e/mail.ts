/** Reads the e-mails the SMTP sink received (tests/e2e/smtp-sink.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

const dir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');

function readAll(): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail);
}

/** Waits (≤ 15 s) for the newest mail to `to` whose subject contains `subject`, and returns it. */
export async function waitForMail(to: string, subject?: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((mail) => mail.to.includes(to.toLowerCase()) || mail.to.includes(to))
          .filter((mail) => !subject || (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 15_000, message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `prefix` (path or absolute URL). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const match = mail.text.match(/https?:\/\/[^\s]+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`no link to ${pathPrefix} in "${mail.subject}"`);
  return match;
}
