import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
              group: ['**/functions/**', '**/infra/**'],
              message: 'web/ reaches the API over HTTP; share types through shared/',
            },
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
              group: ['**/functions/**', '**/web/**', '**/infra/**'],
              message: 'shared/ is the layer below the API and the web: it imports neither',
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
