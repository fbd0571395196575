/**
 * A real SMTP server on loopback for the browser tests (DESIGN §2 "tests talk to a real SMTP
 * peer"): the e2e server sends through it, and every message it receives is parsed and written
 * as JSON to `.tmp/e2e-mail/`, where `mail.ts` reads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT ?? 3225);
const dir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

let counter = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((entry) => entry.value.map((a) => a.address));
        const file = path.join(dir, `${Date.now()}-${process.pid}-${counter++}.json`);
        // Written aside and renamed, so a reader never sees half a file.
        fs.writeFileSync(`${file}.part`, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html || '' }));
        fs.renameSync(`${file}.part`, file);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
server.listen(port, '127.0.0.1', () => console.log(`smtp sink on 127.0.0.1:${port} → ${dir}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
