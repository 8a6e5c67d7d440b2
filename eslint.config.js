// Lint of hand-written code (`npm run lint`, run by .ci/run). Generated code is
// checked by `npm run generate -- --check` instead. Rules chosen to catch bugs, not taste.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/generated/**',
      'migrations/**',
      'node_modules/**',
      'admin/dist/**',
      '.tmp/**',
      'data/**',
      '**/*.snapshot.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'custom-screens/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Records from knex and JSON bodies are untyped at the edge; typing them is
      // issue 12 §4 (docs/history.md#issue-12)'s work.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Folders typed through (issue 23 §2, docs/history.md#issue-23): generated record and answer types,
    // precise interfaces, or unknown narrowed; no `any` comes back.
    files: [
      'admin/src/**/*.{ts,tsx}',
      'api/**/*.ts',
      'common/**/*.ts',
      'custom-screens/**/*.{ts,tsx}',
      'generator/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
