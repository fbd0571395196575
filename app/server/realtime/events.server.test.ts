import { describe, expect, it } from 'vitest';
import { parseNotifyPayload, viewerAudiences } from './events.server';

describe('realtime audiences and NOTIFY payloads', () => {
  it('gives staff the staff audience and everyone their own user, role and all', () => {
    expect(viewerAudiences({ id: 'u1', role: 'tenant' })).toEqual(['user:u1', 'role:tenant', 'all']);
    expect(viewerAudiences({ id: 'u2', role: 'vendor' })).toEqual(['user:u2', 'role:vendor', 'all']);
    expect(viewerAudiences({ id: 'u3', role: 'property_manager' })).toEqual(['user:u3', 'role:property_manager', 'all', 'staff']);
    expect(viewerAudiences({ id: 'u4', role: 'admin' })).toEqual(['user:u4', 'role:admin', 'all', 'staff']);
  });

  it('reads the ids of a NOTIFY payload and drops anything else', () => {
    expect(parseNotifyPayload('12,13,200')).toEqual([12, 13, 200]);
    expect(parseNotifyPayload('12,,x,-4,0,1.5,99999999999999999999')).toEqual([12]);
    expect(parseNotifyPayload('')).toEqual([]);
  });
});
