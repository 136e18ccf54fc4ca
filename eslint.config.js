import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * No import climbs more than two folders: the roots have aliases (tsconfig.json `paths`). Each
 * `no-restricted-imports` below names it again, since a later block's list of a rule replaces an
 * earlier one's for the files both match.
 */
const climbing = { group: ['../../../*'], message: 'climb two folders at most; import from an alias root' };

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', '.data', '.test-data', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No module imports itself around a loop, and no import climbs more than two folders (the
    // aliases: @shared/, @core/, @functions/, @web/, @infra/, @test/).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [climbing] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The SPA talks to the API over HTTP; what both sides share is in shared/.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/**', '**/infra/**', '@core/*', '@functions/*', '@infra/*'],
              message: 'web/ reaches the API over HTTP; share types through shared/',
            },
            climbing,
          ],
        },
      ],
    },
  },
  {
    // shared/ runs in the browser too: no AWS SDK, no Node built-ins.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@aws-sdk/*', 'node:*', 'electrodb', '@middy/*'], message: 'shared/ is browser-safe' },
            {
              group: [
                '**/functions/**',
                '**/web/**',
                '**/infra/**',
                '@core/*',
                '@functions/*',
                '@web/*',
                '@infra/*',
              ],
              message: 'shared/ is the layer below the API and the web: it imports neither',
            },
            climbing,
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md, section 17): shared/ below the core, the core
    // below the domains; a domain reaches another only through its entry (index.ts); data
    // access (a store, the table) never reaches HTTP code.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared', partialMatch: false },
        { type: 'core', pattern: 'functions/core', partialMatch: false },
        { type: 'domain', pattern: 'functions/*', partialMatch: false, capture: ['domain'] },
      ],
      'boundaries/files': [
        { category: 'data', pattern: ['**/*store.ts', 'functions/core/table/**'] },
        { category: 'http', pattern: ['functions/core/http/**', 'functions/*/handlers.ts'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['core', 'domain'] } } } },
              message: 'shared/ is the layer below the server and the web: it imports neither',
            },
            {
              from: { element: { type: 'core' } },
              disallow: { to: { element: { type: 'domain' } } },
              message: 'the core is below the domains: it imports none of them',
            },
            {
              from: { element: { type: 'domain' } },
              disallow: {
                to: {
                  element: {
                    type: 'domain',
                    captured: { domain: '!{{ from.element.captured.domain }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message: 'a domain reaches another domain only through its entry, functions/<domain>/index.ts',
            },
            {
              from: { file: { categories: 'data' } },
              disallow: { to: { file: { categories: 'http' } } },
              message: 'data access never imports HTTP code',
            },
          ],
        },
      ],
    },
  },
  {
    // functions/ log through the Powertools logger.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
