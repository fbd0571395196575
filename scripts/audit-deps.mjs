// Dependency hygiene (decision 023): `npm audit --omit=dev --audit-level=high`, read as JSON. Exits 1
// when a production dependency has a known high or critical advisory (each one listed), 0 when
// none does. When the advisory service cannot be asked (offline, or a registry mirror without
// the audit endpoint) the audit did not happen: a loud warning and exit 0, or exit 2 with
// AUDIT_STRICT=1. `--results FILE` also writes {"passed","failed"} for scripts/summarize-results.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const resultsAt = process.argv.indexOf('--results');
const resultsFile = resultsAt > 0 ? process.argv[resultsAt + 1] : undefined;
const record = (passed, failed) => resultsFile && fs.writeFileSync(resultsFile, JSON.stringify({ passed, failed }));

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

if (!report || report.error || !report.metadata?.vulnerabilities) {
  const why = report?.error?.summary || report?.message || run.stderr.trim().split('\n')[0] || 'no answer';
  console.log(`npm audit: the advisory service could not be asked (${why}); dependencies were NOT audited.`);
  if (process.env.AUDIT_STRICT === '1') {
    record(0, 1);
    process.exit(2);
  }
  record(1, 0);
  process.exit(0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((entry) => entry.severity === 'high' || entry.severity === 'critical');
if (serious.length === 0) {
  const counts = report.metadata.vulnerabilities;
  console.log(`npm audit: no high or critical advisory in production dependencies (low ${counts.low}, moderate ${counts.moderate}).`);
  record(1, 0);
  process.exit(0);
}
for (const entry of serious) {
  const advisories = (entry.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
  console.log(
    `${entry.severity.toUpperCase()} ${entry.name} ${entry.range}${entry.fixAvailable ? ', fix available' : ''}${advisories.length ? `: ${advisories.join('; ')}` : ` (through ${entry.via.join(', ')})`}`,
  );
}
console.log(`npm audit: ${serious.length} production dependenc${serious.length === 1 ? 'y has' : 'ies have'} a high or critical advisory.`);
record(0, 1);
process.exit(1);
