// ESLint for the project's own code (`npm run lint`): eslint's and typescript-eslint's recommended
// rules over src/, test/, scripts/ and bench/. Type-aware rules are left out: they would build a
// TypeScript program of the whole project on every run, and `npm run typecheck` already runs tsc.
// Generated output and templates/runtime/ (copied into it) are linted by their own tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'templates/',
      'test/golden/',
      'test/**/out/',
      'fixtures/',
      'catalog/',
      'baselines/',
      'schemas/',
      'bench/.work/',
      'coverage/',
      'tmp/',
      '.tmp/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `const { id: _id, ...rest } = item` drops a key on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests assert that output holds no control characters: their regexes name them on purpose.
      'no-control-regex': 'off',
    },
  },
);
