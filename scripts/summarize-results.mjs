// Sums the JSON results of every suite in a folder and prints "N passed, N failed".
// Understands Vitest's and Playwright's JSON reporters and {"passed","failed"} files.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.tmp/results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : []) {
  let data;
  try {
    data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    console.log(`${file}: unreadable results`);
    failed += 1;
    continue;
  }
  let p = 0;
  let f = 0;
  let s = 0;
  if ('numPassedTests' in data) {
    p = data.numPassedTests;
    f = data.numFailedTests + (data.numRuntimeErrorTestSuites ?? 0);
    s = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
    if (data.success === false && f === 0) f = 1;
  } else if (data.stats && 'expected' in data.stats) {
    p = data.stats.expected + (data.stats.flaky ?? 0);
    f = data.stats.unexpected + (data.errors?.length ?? 0);
    s = data.stats.skipped ?? 0;
  } else {
    p = data.passed ?? 0;
    f = data.failed ?? 0;
  }
  console.log(`${file.replace(/\.json$/, '')}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
