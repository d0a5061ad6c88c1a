// ESLint with typescript-eslint's type-aware rules (floating and misused promises matter in an async store and
// server); formatting is Prettier's job (.prettierrc.json), so no stylistic rules here.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.dist-*/**',
      'packages/*/dist/**',
      'packages/*/.dist-*/**',
      'coverage/**',
      'drizzle/**',
      'docs/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async functions that return their answer, awaiting or not
      '@typescript-eslint/require-await': 'off',
      // a Preact event handler may be async: nothing waits for what it returns
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // two versions of better-sqlite3's native module in one process crash it: only the driver picks and loads one
    files: ['src/**', 'test/**', 'bench/**', 'scripts/**'],
    ignores: ['src/store/sqlite/driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message: 'open databases with SqliteDriver (src/store/sqlite/driver.ts)',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // the launcher and the test fixtures preloaded with --require are CommonJS
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // commander hands each action its parsed options as `any`; the command files type them where they pass them on
    files: ['src/cli/*-commands.ts'],
    rules: { '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    // Tests and benches read JSON answers of the server and the CLI, which are `any` by nature; checking every
    // member access of them would only add casts. The promise rules and the rest stay on.
    files: ['test/**', 'packages/*/test/**', 'bench/**', 'scripts/**', '*.config.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // assertion messages and page.evaluate() casts
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
