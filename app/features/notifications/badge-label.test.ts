import { describe, expect, it } from 'vitest';
import { badgeLabel } from './badge-label';

describe('badgeLabel (spec §4, §9: "99+" above 99)', () => {
  it('shows no badge without unread notifications', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
    expect(badgeLabel(Number.NaN)).toBeNull();
  });

  it('shows the count up to 99', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(42)).toBe('42');
    expect(badgeLabel(99)).toBe('99');
  });

  it('shows "99+" above 99', () => {
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(120)).toBe('99+');
    expect(badgeLabel(1_000_000)).toBe('99+');
  });
});
