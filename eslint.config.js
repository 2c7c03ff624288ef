// The linter `npm run lint` and `npm test` run: the recommended sets of ESLint, typescript-eslint
// (type-aware), React's hooks rules (with the React Compiler's), jsx-a11y and TanStack Query and
// Router, over every source file the project writes by hand.
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { defineConfig, globalIgnores } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  // Generated: the route tree by the router plugin, the compiled catalogs by Lingui, the build by Vite.
  globalIgnores(['src/routeTree.gen.ts', 'src/locales-compiled/', '.output/', '.islands/', 'data/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The project's convention: a leading underscore names what is unused on purpose (a field
      // left out of a rest object, a parameter an interface requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // TanStack Router is driven by throwing what `redirect()` and `notFound()` return.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      jsxA11y.flatConfigs.recommended,
      pluginQuery.configs['flat/recommended'],
      pluginRouter.configs['flat/recommended'],
    ],
  },
  {
    // `src/lib/` is the ground floor (isomorphic, no zod): every other layer may import it, so it
    // imports none of them. What it needs from a schema is a plain constant or type kept in lib,
    // which the schema then imports; code that needs more belongs in the layer above.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['schemas', 'server', 'features', 'functions', 'queries', 'components'].flatMap((layer) => [`~/${layer}/*`, `../${layer}/*`]),
              message: 'src/lib/ imports nothing above it: keep the constant or type in lib, or move the code up to the layer that uses it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads the fixtures a test uses from its first parameter, which must be an object
    // pattern: `async ({}, testInfo) =>` is how a test that uses none is written.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Plain JavaScript (the Node scripts and this file) is outside tsconfig.json: it is linted
    // without type information.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
)
