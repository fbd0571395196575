/**
 * The company name of /admin/system in every e-mail (decision 019): the texts' "Dimora"
 * becomes the stored name — in the subject, the text and the (escaped) HTML — and a name that
 * contains "Dimora" is never doubled.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { mailMessage } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { updateSettings } from '~/server/settings/settings.server';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { brandMail } from './branding.server';
import { createMailer } from './mailer.server';
import { passwordResetMail } from './templates.server';

const database = useTestDatabase();

describe('brandMail', () => {
  const mail = {
    to: 'a@example.test',
    subject: 'Reset your Dimora password',
    text: '— The Dimora team\nhttps://dimora.example/auth',
    html: '<p>— The Dimora team</p>',
  };

  it('replaces the whole word in subject, text and HTML, leaving addresses and links alone', () => {
    expect(brandMail(mail, 'Rossi & Figli')).toEqual({
      to: 'a@example.test',
      subject: 'Reset your Rossi & Figli password',
      text: '— The Rossi & Figli team\nhttps://dimora.example/auth',
      html: '<p>— The Rossi &#38; Figli team</p>',
    });
  });

  it('keeps mail as it is for the default name or a blank one, and never doubles a name containing "Dimora"', () => {
    expect(brandMail(mail, 'Dimora')).toBe(mail);
    expect(brandMail(mail, '  ')).toBe(mail);
    expect(brandMail({ ...mail, subject: 'News from Casa Dimora' }, 'Casa Dimora').subject).toBe('News from Casa Dimora');
    expect(brandMail(mail, 'Casa Dimora').text).toBe('— The Casa Dimora team\nhttps://dimora.example/auth');
  });
});

describe('the mailer', () => {
  it('signs every e-mail with the company name in force, without a restart', async () => {
    const mailer = createMailer({ db: database.db, logger, from: 'Dimora <no-reply@dimora.test>' });
    const reset = passwordResetMail({ to: 'first@example.test', locale: 'en', name: 'Ada', url: 'https://dimora.test/auth?mode=reset' });
    await mailer.send(reset);
    const admin = await createVerifiedUser(database.db, { email: 'admin@branding.test', password: 'brand-keeper-pass', role: 'admin' });
    await updateSettings({
      db: database.db,
      actor: { id: admin.id, role: 'admin' },
      origin: { ip: '127.0.0.1', userAgent: 'vitest' },
      input: { companyName: 'Rossi Homes' },
    });
    await mailer.send({ ...reset, to: 'second@example.test' });
    const [first] = await database.db.select().from(mailMessage).where(eq(mailMessage.to, 'first@example.test'));
    const [second] = await database.db.select().from(mailMessage).where(eq(mailMessage.to, 'second@example.test'));
    expect(first?.subject).toBe('Reset your Dimora password');
    expect(second?.subject).toBe('Reset your Rossi Homes password');
    expect(second?.text).toContain('— The Rossi Homes team');
    expect(second?.html).toContain('The Rossi Homes team');
  });
});
