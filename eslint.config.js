// ESLint for the whole workspace (issue 15): typescript-eslint's recommended rules (syntax only, no
// type information, so a run takes seconds) and the workspace's layering (eslint.boundaries.js).
// Formatting is Prettier's (`npm run format`); no rule here is about layout. Rules turned off are
// listed with their reason in docs/decisions.md (D-1544). `npm run lint`; tests/lint.test.ts runs it in `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import casino from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/generated/**', 'prisma/migrations/**', 'coverage/**', '**/dist/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        clearImmediate: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        fetch: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        crypto: 'readonly',
        NodeJS: 'readonly',
      },
    },
    plugins: { casino },
    rules: {
      'casino/boundaries': 'error',
      // `_name` marks what is left out on purpose (`const { secret: _secret, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A hook assigned after a closure that reads it is declared (`let stop; onShutdown: () => stop?.()`).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read JSON answers of any shape; the code under test stays free of `any` (D-1544).
    files: [
      '**/*.test.ts',
      'tests/**/*.ts',
      'packages/test-support/**/*.ts',
      '**/test-support.ts',
      '**/*-test-support.ts',
      '**/testing.ts',
      '**/testing/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
