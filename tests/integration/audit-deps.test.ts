/**
 * The CI dependency audit (decision 023, scripts/audit-deps.mjs) as CI runs it, with `npm` replaced
 * on the PATH by a stub that prints a chosen `npm audit --json` report: a high or critical
 * advisory in a production dependency fails it, lesser ones pass, and an unreachable advisory
 * service is reported as "NOT audited" (a failure with AUDIT_STRICT=1).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-audit-'));

afterAll(() => fs.rmSync(stubDir, { recursive: true, force: true }));

/** Runs the audit script against `report` (what the stub npm prints); answers exit code, output and the results file. */
function audit(report: unknown, env: Record<string, string> = {}) {
  const reportFile = path.join(stubDir, 'report.json');
  fs.writeFileSync(reportFile, JSON.stringify(report));
  const npm = path.join(stubDir, 'npm');
  fs.writeFileSync(npm, `#!/bin/sh\n[ "$1 $2 $3 $4" = "audit --omit=dev --audit-level=high --json" ] || exit 99\ncat "${reportFile}"\n`, {
    mode: 0o755,
  });
  const resultsFile = path.join(stubDir, 'results.json');
  fs.rmSync(resultsFile, { force: true });
  const run = spawnSync(process.execPath, ['scripts/audit-deps.mjs', '--results', resultsFile], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${stubDir}${path.delimiter}${process.env.PATH ?? ''}`, AUDIT_STRICT: '', ...env },
  });
  return {
    code: run.status,
    out: run.stdout,
    results: JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { passed: number; failed: number },
  };
}

const counts = (high: number, critical: number) => ({ info: 0, low: 1, moderate: 2, high, critical, total: 3 + high + critical });

describe('the dependency audit of CI', () => {
  it('fails on a high or critical advisory in a production dependency, naming it', () => {
    const run = audit({
      vulnerabilities: {
        'path-to-regexp': {
          name: 'path-to-regexp',
          severity: 'high',
          range: '<0.1.12',
          fixAvailable: true,
          via: [{ title: 'ReDoS in path-to-regexp', url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j' }],
        },
        express: { name: 'express', severity: 'high', range: '4.0.0 - 4.21.1', fixAvailable: true, via: ['path-to-regexp'] },
        semver: { name: 'semver', severity: 'moderate', range: '<7.5.2', fixAvailable: true, via: [] },
      },
      metadata: { vulnerabilities: counts(2, 0) },
    });
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      'HIGH path-to-regexp <0.1.12, fix available: ReDoS in path-to-regexp (https://github.com/advisories/GHSA-9wv6-86v2-598j)',
    );
    expect(run.out).toContain('HIGH express 4.0.0 - 4.21.1, fix available (through path-to-regexp)');
    expect(run.out).not.toContain('semver');
    expect(run.out).toContain('2 production dependencies have a high or critical advisory.');
    expect(run.results).toEqual({ passed: 0, failed: 1 });
  });

  it('passes with only low and moderate advisories', () => {
    const run = audit({
      vulnerabilities: { semver: { name: 'semver', severity: 'moderate', range: '<7.5.2', via: [] } },
      metadata: { vulnerabilities: counts(0, 0) },
    });
    expect(run.code).toBe(0);
    expect(run.out).toContain('no high or critical advisory in production dependencies (low 1, moderate 2)');
    expect(run.results).toEqual({ passed: 1, failed: 0 });
  });

  it('says loudly when the advisory service could not be asked, and fails then with AUDIT_STRICT=1', () => {
    const unreachable = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
    };
    const lenient = audit(unreachable);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toContain('the advisory service could not be asked (405 Method Not Allowed');
    expect(lenient.out).toContain('dependencies were NOT audited');
    const strict = audit(unreachable, { AUDIT_STRICT: '1' });
    expect(strict.code).toBe(2);
    expect(strict.results).toEqual({ passed: 0, failed: 1 });
  });
});
