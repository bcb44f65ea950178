import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.out-*/**',
      '.wxt/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'src/extract/ner/model/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // React code only: Playwright fixtures also call a function named `use`.
    files: ['src/ui/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright fixtures without dependencies are declared with an empty pattern (`async ({}, use)`).
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // House rule (style.md): in core, no `any`, no non-null assertions, no ts-ignore.
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    // Design §5: strings from outside are data, never keys into plain objects.
    // Catches `key in obj` with a computed key: it is true for `constructor`, `toString`,
    // `__proto__`… (inherited from Object.prototype); use Object.hasOwn, a Map or a Set.
    // A literal key (`'message' in error`) is a type test and stays allowed. And
    // Object.assign, which sets the prototype when a source has an own `__proto__` key
    // (spread, Object.fromEntries or records.ts's copyRecord keep it as a key).
    // Does not catch `obj[key]` reads and writes: telling a string-indexed record from
    // an array needs types, so src/core/prototype-keys-guard.test.ts checks those.
    files: ['src/core/**/*.{ts,tsx}', 'src/extract/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'tooling/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='in'][left.type!='Literal']",
          message: '`key in obj` also finds inherited keys (constructor, toString, __proto__): use Object.hasOwn, a Map or a Set.',
        },
        {
          selector: "CallExpression[callee.object.name='Object'][callee.property.name='assign']",
          message:
            'Object.assign turns a `__proto__` key into a prototype change: use spread, Object.fromEntries or copyRecord (src/core/records.ts).',
        },
      ],
    },
  },
  {
    // Regex safety (notes/regex-safety.md): page text is hostile and long. A pattern with two
    // quantifiers that can exchange the same characters backtracks polynomially, and one that
    // is retried at every position of a long string (global matching) turns quadratic.
    files: ['src/**/*.{ts,tsx}', 'tooling/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Cheap neighbours (no findings when enabled): a capture that a quantifier before it
      // can starve, and alternatives that match the same text (the shape of exponential backtracking).
      'regexp/no-misleading-capturing-group': 'error',
      'regexp/no-dupe-disjunctions': 'error',
    },
  },
);
