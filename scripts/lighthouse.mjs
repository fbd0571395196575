#!/usr/bin/env node
/**
 * `npm run lighthouse` (decision 036): Lighthouse's mobile preset (its default configuration:
 * a mid-range phone, simulated slow 4G and 4× CPU slowdown) on `/`, `/properties` and one
 * `/property/{id}`, against the built server on a fresh embedded database with the demo data.
 * Prints the four category scores and LCP / TBT / CLS per page, and writes them as JSON.
 *
 * With `--gate` it fails (exit 1) when accessibility or SEO is below 100, or best practices below
 * 95, on any page: those do not depend on the machine's load. The performance score does, so it
 * is printed and never gated.
 *
 * Steps: builds when there is no build (or with --build); starts the compiled server entry on a free
 * port (or --port) with DATA_DIR=.tmp/lighthouse-data wiped first, so the server seeds SEED_UNITS
 * demo units (default 60 here); picks the first listing of /properties; runs Lighthouse in
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium, headless, no sandbox: the same
 * browser as the Playwright tests); stops the server.
 *
 * Usage: node scripts/lighthouse.mjs [--gate] [--build] [--port N] [--runs N]
 *          [--json .tmp/lighthouse/result.json] [--results file.json] [--reports dir]
 *   --runs     runs per page (default 1); the median run by performance score is kept
 *   --results  writes {"passed":n,"failed":n} (one check per page) for scripts/summarize-results.mjs
 *   --reports  also writes each page's full Lighthouse report (HTML) there
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from './lib/server-entry.mjs';
import { parseArgs } from 'node:util';
import { freePort, startBuiltServer, stopServer } from './lib/built-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The gate (decision 036): minimum score per category, 0–100; performance is not gated. */
export const GATE = { accessibility: 100, seo: 100, 'best-practices': 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: args } = parseArgs({
  options: {
    gate: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    port: { type: 'string' },
    runs: { type: 'string', default: '1' },
    json: { type: 'string', default: '.tmp/lighthouse/result.json' },
    results: { type: 'string' },
    reports: { type: 'string' },
  },
});

/** The first listing linked from /properties. */
async function propertyPath(base) {
  const html = await (await fetch(`${base}/properties`)).text();
  const match = /href="(\/property\/\d+)"/.exec(html);
  if (!match) throw new Error('no listing on /properties');
  return match[1];
}

/** The categories' scores (0–100), LCP/TBT in ms, CLS, and the failed audits of the gated categories. */
function summarize(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const findings = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1) findings.push(`${id}: ${ref.id} — ${result.title}`);
    }
  }
  return {
    scores,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    findings,
  };
}

async function main() {
  if (args.build || !fs.existsSync(path.join(root, SERVER_ENTRY))) {
    console.log('Building…');
    const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('build failed');
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const port = args.port ? Number(args.port) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const server = await startBuiltServer(port, { name: 'lighthouse' });
  let chrome;
  const pages = [];
  try {
    console.log(
      `Server ready on ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s (SEED_UNITS=${process.env.SEED_UNITS ?? '60'})`,
    );
    const urls = ['/', '/properties', await propertyPath(base)];
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const runs = Math.max(1, Number(args.runs));
    for (const url of urls) {
      const measured = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${base}${url}`, {
          port: chrome.port,
          output: args.reports ? 'html' : 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        measured.push({ ...summarize(result.lhr), report: result.report });
      }
      measured.sort((a, b) => a.scores.performance - b.scores.performance);
      const kept = measured[Math.floor((measured.length - 1) / 2)];
      if (args.reports) {
        fs.mkdirSync(args.reports, { recursive: true });
        const name = url === '/' ? 'home' : url.replace(/^\//, '').replace(/\W+/g, '-');
        fs.writeFileSync(path.join(args.reports, `${name}.html`), kept.report);
      }
      const { report: _report, ...figures } = kept;
      pages.push({ url, ...figures, performanceRuns: measured.map((item) => item.scores.performance) });
      console.log(`  ${url}: done`);
    }
  } finally {
    if (chrome) await chrome.kill();
    await stopServer(server);
  }

  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset; load average ${load}`,
  );
  console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  let passed = 0;
  let failed = 0;
  for (const page of pages) {
    const { scores } = page;
    console.log(
      `| ${page.url} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${(page.lcpMs / 1000).toFixed(1)} s | ${page.tbtMs} ms | ${page.cls} |`,
    );
    const below = Object.entries(GATE).filter(([id, min]) => scores[id] < min);
    if (below.length === 0) passed += 1;
    else failed += 1;
    for (const [id, min] of below) console.log(`    ${id} ${scores[id]} < ${min}`);
    for (const finding of page.findings) console.log(`    - ${finding}`);
  }
  fs.mkdirSync(path.dirname(path.resolve(root, args.json)), { recursive: true });
  fs.writeFileSync(
    path.resolve(root, args.json),
    `${JSON.stringify({ lighthouse: 'mobile', gate: GATE, loadAverage: os.loadavg(), pages }, null, 2)}\n`,
  );
  if (args.results) fs.writeFileSync(args.results, JSON.stringify(args.gate ? { passed, failed } : { passed: pages.length, failed: 0 }));
  if (args.gate && failed > 0) {
    console.log(
      `\nLighthouse gate failed on ${failed} page(s): accessibility and SEO must be ${GATE.accessibility}, best practices ≥ ${GATE['best-practices']}.`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  if (args.results) fs.writeFileSync(args.results, JSON.stringify({ passed: 0, failed: 1 }));
  process.exit(1);
});
