/** The SLA deadline of a maintenance request (decision 026): defaults and edited targets. */
import { describe, expect, it } from 'vitest';
import { updateSettings } from '~/server/settings/settings.server';
import { createUser } from '../../../tests/setup/factories';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { computeSlaDueAt, slaDueAt } from './sla.server';

const database = useTestDatabase();

const created = new Date('2026-03-01T10:00:00Z');

describe('computeSlaDueAt', () => {
  it('uses the default targets: emergency 4 h, urgent 24 h, routine 72 h', async () => {
    expect((await computeSlaDueAt(database.db, 'emergency', created)).toISOString()).toBe('2026-03-01T14:00:00.000Z');
    expect((await computeSlaDueAt(database.db, 'urgent', created)).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect((await computeSlaDueAt(database.db, 'routine', created)).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('follows the targets an admin saved, and refuses targets out of range', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const origin = { ip: '127.0.0.1', userAgent: 'vitest' };
    const saved = await updateSettings({ db: database.db, actor: admin, origin, input: { slaEmergencyHours: 2, slaRoutineHours: 96 } });
    expect(saved).toEqual({ ok: true, changed: ['slaEmergencyHours', 'slaRoutineHours'] });
    expect((await computeSlaDueAt(database.db, 'emergency', created)).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect((await computeSlaDueAt(database.db, 'urgent', created)).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect((await computeSlaDueAt(database.db, 'routine', created)).toISOString()).toBe('2026-03-05T10:00:00.000Z');
    const refused = await updateSettings({ db: database.db, actor: admin, origin, input: { slaUrgentHours: 0, slaRoutineHours: 1.5 } });
    expect(refused).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await computeSlaDueAt(database.db, 'urgent', created)).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('slaDueAt is pure arithmetic on the given targets', () => {
    expect(slaDueAt('urgent', created, { slaEmergencyHours: 1, slaUrgentHours: 5, slaRoutineHours: 9 }).toISOString()).toBe(
      '2026-03-01T15:00:00.000Z',
    );
  });
});
