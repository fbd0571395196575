/** The test guard (tests/setup/guard.ts): what it refuses and records, and what it lets through. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { takeGuardFindings } from '../setup/guard';

describe('the test guard', () => {
  it('refuses a connection beyond loopback at once, and records it for the test to fail', () => {
    expect(() => net.connect(443, '203.0.113.7')).toThrow(/Refused by the test guard: a connection to 203\.0\.113\.7:443/);
    expect(takeGuardFindings()).toEqual(['a connection to 203.0.113.7:443: tests never touch the network']);
  });

  it('records what a test writes to console.error', () => {
    console.error('payment %s failed', 'pi_123');
    expect(takeGuardFindings()).toEqual(['payment pi_123 failed']);
  });

  it('lets a connection to loopback through', async () => {
    const server = net.createServer((socket) => socket.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    await new Promise((resolve) => server.close(resolve));
    expect(received).toBe('hello');
    expect(takeGuardFindings()).toEqual([]);
  });
});
