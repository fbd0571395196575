// Lint: TypeScript's recommended rules plus the boundaries of STYLE.md ("Boundaries are lint's job"),
// decision 040: imports flow one way (lib/components/server → features → routes); a feature never
// imports another feature's components or page adapters (`*.page.server.ts`, decision 037); services
// (`*.server.ts` in a feature, not page adapters) never import react-router; no import cycles; only
// app/server/env.server.ts reads process.env.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Files that break a boundary today and are being fixed in parallel work; each entry turns one rule
 * off for one file. Decision 040 lists them; the integration test tests/integration/lint-rules.test.ts
 * fails when an entry no longer breaks its rule, so the list only shrinks. Paths are relative to the
 * repository root.
 */
export const LINT_EXCEPTIONS = {
  /** Cross-feature imports of components or page adapters (`import-x/no-restricted-paths`). */
  crossFeatureImports: [],
  /**
   * Services importing react-router (`@typescript-eslint/no-restricted-imports`): none left since
   * every page adapter became a `*.page.server.ts` module (decision 037).
   */
  serviceReactRouterImports: [],
  /** Files on an import cycle (`import-x/no-cycle`). */
  importCycles: [],
};

const SERVICE_MESSAGE =
  'A service returns data and reason codes, never responses or redirects (decision 037): only page adapters (*.page.server.ts) and routes import react-router (decision 040).';
const FEATURE_MESSAGE =
  "A feature may import another feature's services, schemas and types, never its components or page adapters (STYLE.md; decision 040): move shared UI to app/components, or compose the two features in the route.";
const ENV_MESSAGE =
  'Only app/server/env.server.ts reads process.env (STYLE.md habit 5; decision 040): import `env` from ~/server/env.server.';

/**
 * Small rules written once (decision 040): a role is compared with a name only in
 * `app/lib/access.ts` (`isAdmin`, `isPropertyManager`, `isStaff`), and the int4 ceiling of record
 * ids is spelled only in `app/lib/ids.ts` (`INT4_MAX`, `isId`, `parseId`).
 */
const SMALL_MECHANISMS = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==$/][left.type='MemberExpression'][left.property.name='role'][right.value=/^(admin|property_manager)$/]",
    message: "Compare roles with isAdmin / isPropertyManager / isStaff from ~/lib/access (decision 040), not `x.role === '…'`.",
  },
  {
    selector: 'Literal[value=2147483647]',
    message: 'Use INT4_MAX, isId or parseId from ~/lib/ids (decision 040), not the int4 ceiling spelled out.',
  },
];

/** The folders under `<root>/app/features`, one lint zone each. */
function featuresOf(root) {
  return readdirSync(path.join(root, 'app/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The whole lint configuration for a repository laid out like this one.
 *
 * @param {{ root: string, exceptions?: typeof LINT_EXCEPTIONS }} options `root`: absolute path of
 *   the folder holding app/ and tsconfig.json (the fixture test passes a miniature repository);
 *   `exceptions`: the per-file exceptions above (the test passes empty lists).
 * @returns the flat config array.
 */
export function dimoraConfig({ root, exceptions = LINT_EXCEPTIONS }) {
  const off = (files, rule) => (files.length > 0 ? [{ files, rules: { [rule]: 'off' } }] : []);
  return tseslint.config(
    { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
    ...tseslint.configs.recommended,
    {
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
      },
    },
    {
      files: ['app/lib/**', 'app/components/**', 'app/server/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['~/features/*', '~/routes/*'],
                message: 'Shared code must not import features or routes (STYLE.md: imports flow one way).',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['app/features/**'],
      ignores: ['app/features/**/*.test.ts', 'app/features/**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ group: ['~/routes/*'], message: 'Features must not import routes (STYLE.md: imports flow one way).' }] },
        ],
      },
    },
    {
      files: ['app/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        // Parse TypeScript dependencies too (what import-x's own `typescript` preset sets), with the
        // TypeScript resolver so that `~/…` resolves as tsconfig.json says.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
      },
    },
    // One zone per feature, on resolved paths (so `~/features/x/…` and `../x/…` alike): another
    // feature's components and page adapters are out of bounds; its services, schemas and types are not.
    {
      files: ['app/features/**/*.{ts,tsx}'],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: featuresOf(root).map((feature) => ({
              target: `app/features/${feature}/**/*`,
              from: [`app/features/!(${feature})/components/**/*`, `app/features/!(${feature})/**/*.page.server.ts`],
              message: FEATURE_MESSAGE,
            })),
          },
        ],
      },
    },
    {
      files: ['app/features/**/*.server.ts'],
      ignores: ['app/features/**/*.page.server.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ group: ['react-router', 'react-router/*', '@react-router/*'], message: SERVICE_MESSAGE }] },
        ],
      },
    },
    {
      files: ['app/**/*.{ts,tsx}'],
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: ['app/**', 'server/**'],
      ignores: ['app/server/env.server.ts', '**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }],
        'no-restricted-syntax': [
          'error',
          { selector: "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']", message: ENV_MESSAGE },
          ...SMALL_MECHANISMS,
        ],
      },
    },
    // The exceptions, last so that they win (see LINT_EXCEPTIONS above).
    ...off(exceptions.crossFeatureImports, 'import-x/no-restricted-paths'),
    ...off(exceptions.serviceReactRouterImports, '@typescript-eslint/no-restricted-imports'),
    ...off(exceptions.importCycles, 'import-x/no-cycle'),
  );
}

export default dimoraConfig({ root: import.meta.dirname });
