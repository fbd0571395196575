// Lint: TypeScript's recommended rules plus the one-way import rule of STYLE.md
// (lib/components/server → features → routes).
import tseslint from 'typescript-eslint';

export default tseslint.config(
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
);
