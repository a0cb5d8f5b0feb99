// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Reading wall-clock time outside the clock module breaks the virtual clock (DESIGN.md). */
const wallClock = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read time from the store clock (src/platform/clock.ts), not Date.now().',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read time from the store clock (src/platform/clock.ts), not new Date().',
  },
];

/** Request numbers go through numeric() so numeric strings are accepted everywhere (schema-parts.ts). */
const bareNumber = {
  selector:
    "CallExpression[callee.object.name='z'][callee.property.name='number']:not(CallExpression[callee.name='numeric'] *)",
  message:
    'Wrap request numbers in numeric(...) from src/resources/schema-parts.ts (numeric strings are accepted).',
};

/** The floors (docs/architecture.md): the domain never reaches up to the wire; the model is types only. */
const domainImports = {
  patterns: [
    {
      group: ['**/http/**', '**/resources/**', '**/control/**', '**/webhooks/**', '**/ui/**', '**/errors/**'],
      message:
        'The domain never imports the wire (docs/architecture.md): throw a failure from src/domain/failures.ts, take plain input types.',
    },
    { group: ['koa', 'zod'], message: 'The domain takes plain input types: parsing belongs to the wire.' },
  ],
};
const modelImports = {
  patterns: [
    {
      group: ['../*', '!../model/**'],
      message:
        'src/model/ holds record types only and imports nothing but src/model/ (docs/architecture.md).',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/platform/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wallClock] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', domainImports] },
  },
  {
    files: ['src/model/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', modelImports] },
  },
  {
    files: ['src/resources/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wallClock, bareNumber] },
  },
);
