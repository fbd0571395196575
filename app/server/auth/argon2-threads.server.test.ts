import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createArgon2Threads, HASH_THREAD_NICE, type Argon2Threads } from './argon2-threads.server';
import { ARGON2_PARAMS } from './password-hash.server';

/** Each thread of this process with its nice value (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): Array<{ tid: string; nice: number }> {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return { tid, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });
}

describe('argon2id in lower-priority threads (decision 032)', () => {
  let threads: Argon2Threads | undefined;
  afterEach(async () => {
    await threads?.close();
    threads = undefined;
  });

  it('hashes and verifies argon2id at the OWASP parameters', async () => {
    threads = createArgon2Threads(2);
    const hash = await threads.hash('correct horse', ARGON2_PARAMS);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [right, wrong] = await Promise.all([threads.verify(hash, 'correct horse'), threads.verify(hash, 'wrong horse')]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
  });

  it('runs the hashes in threads of raised nice value while the calling thread keeps its own', async () => {
    const ownNice = os.getPriority();
    // Threads are told apart by id: the previous test's pool may still be exiting.
    const before = new Set(threadNiceValues().map(({ tid }) => tid));
    threads = createArgon2Threads(1);
    await threads.hash('any password', ARGON2_PARAMS);
    const added = threadNiceValues().filter(({ tid }) => !before.has(tid));
    expect(added.filter(({ nice }) => nice === HASH_THREAD_NICE)).toHaveLength(1);
    expect(os.getPriority()).toBe(ownNice);
  });

  it('rejects a malformed hash with an error instead of crashing the thread', async () => {
    threads = createArgon2Threads(1);
    await expect(threads.verify('not a hash', 'x')).rejects.toThrow();
    expect(await threads.verify(await threads.hash('still alive', ARGON2_PARAMS), 'still alive')).toBe(true);
  });
});
