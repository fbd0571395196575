/**
 * A real SMTP server on loopback for integration tests (DESIGN §2 "tests talk to a real SMTP
 * peer"): `smtp-server` on 127.0.0.1 and a free port, every message parsed by `mailparser`.
 * Pass `url` as the mailer's SMTP URL (e.g. `testContext(db, { smtpUrl: sink.url })`).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received message, reduced to what tests assert on. */
export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every message received so far, in arrival order. */
  messages: ParsedMail[];
  /**
   * The first message to `to` (any letter case) not returned by an earlier `waitFor`, waiting
   * up to `timeoutMs` (default 10 s) for it to arrive. Rejects on timeout.
   */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops the server. */
  close(): Promise<void>;
};

function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase()));
}

function summary(mail: ParsedMail): ReceivedMail {
  return { to: recipients(mail), subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

/** Starts the sink; call `close()` when done. Rejects when the server cannot listen. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const listener of listeners) listener();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  function take(to: string): ReceivedMail | null {
    const wanted = to.toLowerCase();
    const mail = messages.find((candidate) => !taken.has(candidate) && recipients(candidate).includes(wanted));
    if (!mail) return null;
    taken.add(mail);
    return summary(mail);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, timeoutMs = 10_000) {
      const found = take(to);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no e-mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => recipients(m).join(',')).join('; ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
