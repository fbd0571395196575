/**
 * Demo contact-form inquiries (decision 018: the staff inbox needs content on a fresh
 * start): six conversations — four about units run by demo property managers (so each manager's
 * /dashboard inbox shows some), two general ones only admins see —, in English and Italian,
 * some waiting, some answered by the unit's manager, one closed. Deterministic for a seed and the
 * units given, except that the times count back from `now`. No e-mails are sent for them.
 */
import type { Db } from '../client.server';
import { message, thread } from '../schema';

/** A unit the demo inquiries may be about: available, listed, run by a demo manager. */
export type DemoLeadUnit = { id: number; title: string; managerId: string | null };

type DemoInquiry = {
  /** Index into the managed units (by id), or null for a general inquiry. */
  unit: number | null;
  topic: 'Leasing' | 'Maintenance' | 'Vendor partnership' | 'Other';
  name: string;
  email: string;
  phone: string | null;
  locale: 'en' | 'it';
  /** Hours before `now` of the first message. */
  hoursAgo: number;
  body: string;
  /** The unit manager's answer, if any (`closed`: the conversation was closed after it). */
  reply?: { body: string; afterMinutes: number; closed?: boolean };
};

const INQUIRIES: readonly DemoInquiry[] = [
  {
    unit: 0,
    topic: 'Leasing',
    name: 'Emily Carter',
    email: 'emily.carter@demo.dimora.example',
    phone: '+1 512 555 0134',
    locale: 'en',
    hoursAgo: 3,
    body: 'Hello! Is this apartment still available from the first of next month? We are a couple with a small dog, and we would love to see it this weekend.',
  },
  {
    unit: 1,
    topic: 'Leasing',
    name: 'Giulia Ferrari',
    email: 'giulia.ferrari@demo.dimora.example',
    phone: '+39 333 555 0198',
    locale: 'it',
    hoursAgo: 26,
    body: 'Buongiorno, mi trasferisco negli Stati Uniti per lavoro a settembre. L’appartamento è disponibile per un contratto di un anno? Il parcheggio è incluso?',
    reply: {
      body: 'Buongiorno Giulia, sì: l’appartamento è disponibile da settembre con un contratto di 12 mesi, e un posto auto coperto è incluso nel canone. Possiamo organizzare una visita video quando preferisce.',
      afterMinutes: 95,
    },
  },
  {
    unit: 2,
    topic: 'Leasing',
    name: 'Marcus Hughes',
    email: 'marcus.hughes@demo.dimora.example',
    phone: null,
    locale: 'en',
    hoursAgo: 50,
    body: 'Hi, what is the application fee, and do you accept a co-signer? I am a graduate student starting in the fall.',
    reply: {
      body: 'Hi Marcus, the application fee is $50 and co-signers are welcome: they fill in the same application online. Let us know if you would like to schedule a tour.',
      afterMinutes: 240,
      closed: true,
    },
  },
  {
    unit: 3,
    topic: 'Other',
    name: 'Sofia Alvarez',
    email: 'sofia.alvarez@demo.dimora.example',
    phone: '+1 303 555 0177',
    locale: 'en',
    hoursAgo: 7,
    body: 'Could you tell me whether the building has bike storage and how far it is from the nearest bus stop?',
  },
  {
    unit: null,
    topic: 'Vendor partnership',
    name: 'Ward Plumbing & Heating',
    email: 'office@wardplumbing.demo.dimora.example',
    phone: '+1 720 555 0112',
    locale: 'en',
    hoursAgo: 30,
    body: 'We are a licensed plumbing and HVAC contractor serving the Denver metro area, with 24/7 emergency response. How can we join your vendor network?',
  },
  {
    unit: null,
    topic: 'Other',
    name: 'Luca Bianchi',
    email: 'luca.bianchi@demo.dimora.example',
    phone: null,
    locale: 'it',
    hoursAgo: 1,
    body: 'Salve, gestite anche appartamenti ammobiliati per soggiorni di sei mesi? Cerco una soluzione a Chicago da gennaio.',
  },
];

/**
 * Inserts the demo inquiries about `units` (available, listed units of the seed with a manager;
 * the first four distinct managers' units are used, fewer when fewer exist) and two general
 * ones. Returns how many threads were written.
 */
export async function seedDemoLeads({
  db,
  units,
  now = new Date(),
}: {
  db: Db;
  units: readonly DemoLeadUnit[];
  now?: Date;
}): Promise<number> {
  // One unit per manager first, so several managers have an inquiry about their own unit.
  const managed = units.filter((unit) => unit.managerId);
  const byManager: DemoLeadUnit[] = [];
  for (const unit of managed) if (!byManager.some((picked) => picked.managerId === unit.managerId)) byManager.push(unit);
  const pool = [...byManager, ...managed.filter((unit) => !byManager.includes(unit))];
  let written = 0;
  for (const inquiry of INQUIRIES) {
    const unit = inquiry.unit === null ? null : pool[inquiry.unit];
    if (inquiry.unit !== null && !unit) continue;
    const askedAt = new Date(now.getTime() - inquiry.hoursAgo * 3_600_000);
    const repliedAt = inquiry.reply ? new Date(askedAt.getTime() + inquiry.reply.afterMinutes * 60_000) : null;
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(thread)
        .values({
          kind: 'contact',
          subject: unit ? `${inquiry.topic} · #${unit.id} ${unit.title}`.slice(0, 200) : inquiry.topic,
          propertyId: unit?.id ?? null,
          visitorName: inquiry.name,
          visitorEmail: inquiry.email,
          visitorPhone: inquiry.phone,
          locale: inquiry.locale,
          status: inquiry.reply?.closed ? 'closed' : 'open',
          lastMessageAt: repliedAt ?? askedAt,
          createdAt: askedAt,
          updatedAt: repliedAt ?? askedAt,
        })
        .returning({ id: thread.id });
      if (!created) throw new Error('demo thread insert returned no row');
      await tx.insert(message).values({
        threadId: created.id,
        authorKind: 'visitor',
        body: inquiry.body,
        // Answered inquiries were read by their manager; the others wait.
        readByStaffAt: repliedAt,
        createdAt: askedAt,
      });
      if (inquiry.reply && repliedAt) {
        await tx.insert(message).values({
          threadId: created.id,
          authorKind: 'staff',
          authorUserId: unit?.managerId ?? null,
          body: inquiry.reply.body,
          createdAt: repliedAt,
        });
      }
    });
    written += 1;
  }
  return written;
}
