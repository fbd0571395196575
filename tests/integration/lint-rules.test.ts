/**
 * The boundaries lint enforces (decision 040; STYLE.md "Boundaries are lint's job"), proven on a
 * miniature repository (tests/fixtures/lint) linted with the project's own configuration rooted
 * there: each fixture file breaks one rule or none, and the test says which. A second part keeps
 * the list of temporary exceptions in eslint.config.js honest: every entry must still break the
 * rule it switches off, so a file fixed elsewhere fails here until its entry is removed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(REPO, 'tests/fixtures/lint');

type Exceptions = { crossFeatureImports: string[]; serviceReactRouterImports: string[]; importCycles: string[] };
type ConfigModule = {
  dimoraConfig: (options: { root: string; exceptions?: Exceptions }) => Linter.Config[];
  LINT_EXCEPTIONS: Exceptions;
};

const NO_EXCEPTIONS: Exceptions = { crossFeatureImports: [], serviceReactRouterImports: [], importCycles: [] };

/** eslint.config.js, imported by URL (it is plain JavaScript, outside TypeScript's program). */
async function loadConfigModule(): Promise<ConfigModule> {
  return (await import(pathToFileURL(path.join(REPO, 'eslint.config.js')).href)) as ConfigModule;
}

/**
 * Lints `patterns` under `root` with the project's configuration rooted there (only the rules in
 * `only`, when given); "file rule" per message.
 */
async function lint(root: string, patterns: string[], exceptions: Exceptions, only?: Set<string>): Promise<string[]> {
  const { dimoraConfig } = await loadConfigModule();
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: dimoraConfig({ root, exceptions }),
    ...(only ? { ruleFilter: ({ ruleId }: { ruleId: string }) => only.has(ruleId) } : {}),
  });
  const results = await eslint.lintFiles(patterns);
  return results
    .flatMap((result) =>
      result.messages.map((message) => `${path.relative(root, result.filePath)} ${message.ruleId ?? `fatal: ${message.message}`}`),
    )
    .sort();
}

describe('lint boundaries on the fixture repository', () => {
  let reported: string[] = [];

  beforeAll(async () => {
    reported = await lint(FIXTURES, ['app'], NO_EXCEPTIONS);
  }, 60_000);

  it("reports a feature importing another feature's component, through the alias or a relative path", () => {
    expect(reported).toContain('app/features/beta/components/beta-panel.tsx import-x/no-restricted-paths');
    expect(reported).toContain('app/features/beta/components/beta-relative.tsx import-x/no-restricted-paths');
  });

  it("reports a feature importing another feature's page adapter", () => {
    expect(reported).toContain('app/features/beta/beta.page.server.ts import-x/no-restricted-paths');
  });

  it('reports a service importing react-router or an @react-router package, type-only imports included', () => {
    expect(reported).toContain('app/features/beta/beta.server.ts @typescript-eslint/no-restricted-imports');
    expect(reported).toContain('app/features/beta/beta-types.server.ts @typescript-eslint/no-restricted-imports');
  });

  it('reports both files of a two-file import cycle', () => {
    expect(reported).toContain('app/features/gamma/cycle-one.server.ts import-x/no-cycle');
    expect(reported).toContain('app/features/gamma/cycle-two.server.ts import-x/no-cycle');
  });

  it('reports process.env read outside app/server/env.server.ts (or its `env` imported from node:process), and shared code importing a feature', () => {
    expect(reported).toContain('app/features/gamma/reads-env.server.ts no-restricted-properties');
    expect(reported).toContain('app/features/gamma/imports-env.server.ts no-restricted-syntax');
    expect(reported).toContain('app/lib/alpha-label.ts no-restricted-imports');
  });

  it("reports nothing else: another feature's service, schemas and types, a route importing anything, a page adapter or a test using react-router, a type-only loop, env.server.ts", () => {
    expect(reported).toEqual([
      'app/features/beta/beta-types.server.ts @typescript-eslint/no-restricted-imports',
      'app/features/beta/beta.page.server.ts import-x/no-restricted-paths',
      'app/features/beta/beta.server.ts @typescript-eslint/no-restricted-imports',
      'app/features/beta/components/beta-panel.tsx import-x/no-restricted-paths',
      'app/features/beta/components/beta-relative.tsx import-x/no-restricted-paths',
      'app/features/gamma/cycle-one.server.ts import-x/no-cycle',
      'app/features/gamma/cycle-two.server.ts import-x/no-cycle',
      'app/features/gamma/imports-env.server.ts no-restricted-syntax',
      'app/features/gamma/reads-env.server.ts no-restricted-properties',
      'app/lib/alpha-label.ts no-restricted-imports',
    ]);
  });

  it('an exception switches its rule off for that file only', async () => {
    const withException = await lint(FIXTURES, ['app/features/beta'], {
      ...NO_EXCEPTIONS,
      serviceReactRouterImports: ['app/features/beta/beta.server.ts'],
    });
    expect(withException).not.toContain('app/features/beta/beta.server.ts @typescript-eslint/no-restricted-imports');
    expect(withException).toContain('app/features/beta/beta-types.server.ts @typescript-eslint/no-restricted-imports');
  }, 60_000);
});

describe('the temporary exceptions of eslint.config.js', () => {
  const RULES: Record<keyof Exceptions, string> = {
    crossFeatureImports: 'import-x/no-restricted-paths',
    serviceReactRouterImports: '@typescript-eslint/no-restricted-imports',
    importCycles: 'import-x/no-cycle',
  };

  it('each entry names a file that still exists and still breaks the rule it switches off (remove the entry once the file is fixed or renamed)', async () => {
    const { LINT_EXCEPTIONS } = await loadConfigModule();
    const files = Object.values(LINT_EXCEPTIONS)
      .flat()
      .filter((file) => existsSync(path.join(REPO, file)));
    const kinds = (Object.keys(RULES) as (keyof Exceptions)[]).filter((kind) => LINT_EXCEPTIONS[kind].length > 0);
    const reported = new Set(files.length > 0 ? await lint(REPO, files, NO_EXCEPTIONS, new Set(kinds.map((kind) => RULES[kind]))) : []);
    const stale = kinds.flatMap((kind) =>
      LINT_EXCEPTIONS[kind].filter((file) => !reported.has(`${file} ${RULES[kind]}`)).map((file) => `${kind}: ${file}`),
    );
    expect(stale).toEqual([]);
  }, 120_000);
});
