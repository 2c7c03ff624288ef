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

/**
 * An import of one of `folders` of the tree, however it is written: through the alias (`~/features/x`)
 * or a relative path from any depth (`../../features/x`, `./http/x`). A package (`@tanstack/react-start/server`)
 * never matches: its name starts with neither `~/` nor a dot.
 */
function folderImports(...folders) {
  return `^(~|\\.{1,2})/(.*/)?(${folders.join('|')})(/|$)`
}

/** What no file of src/server imports: the UI and the routes live above the server. */
const SERVER_CLIMBS = {
  regex: folderImports('features', 'routes', 'components'),
  message: 'src/server/ imports no feature, route or component: move what both need into src/lib/ (or the server domain that owns it).',
}

/** What a server domain never imports: the adapters above it. */
const HTTP_CLIMB = {
  regex: folderImports('http'),
  message: 'A server domain imports nothing of src/server/http/ (the adapters over the domains): move the helper down to src/server/web/ or into the domain.',
}

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
  // Floors (issue 50, decision 057): an import never climbs. A later block for the same file
  // replaces an earlier one's options, so a file is matched by one block of this kind only.
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
              regex: folderImports('schemas', 'server', 'features', 'functions', 'queries', 'components', 'routes'),
              message: 'src/lib/ imports nothing above it: keep the constant or type in lib, or move the code up to the layer that uses it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A server domain uses the ground floors (web/, db/, logging/, app-error.ts, …); src/server/http/
    // is the adapters over the domains (the REST table, OpenAPI, form posts), the floor above them.
    files: ['src/server/**'],
    ignores: ['src/server/http/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_CLIMBS, HTTP_CLIMB] }] },
  },
  {
    files: ['src/server/http/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_CLIMBS] }] },
  },
  {
    // Shared UI pieces: a feature composes them, never the other way round.
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: folderImports('features', 'routes'),
              message: 'src/components/ imports no feature or route: move the shared piece down into components or lib, or the component up into the feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Schemas an island reads in the browser are written in zod's mini build, which the API's
    // OpenAPI document reads as well (decision 051): the full build here would ship 30 KB of zod
    // with the island, and so would a schema file that imports it.
    files: ['src/schemas/valuation-answer.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "An island reads this file: import * as z from 'zod/mini'." }],
          patterns: [{ regex: '^(\\.|~/schemas/)', message: 'An island reads this file: it imports no other schema file (most use the full zod build).' }],
        },
      ],
    },
  },
  {
    // Scripts ship with the app (the container image runs several); tests do not.
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: folderImports('tests'),
              message: 'A script imports no test code: move what both need into scripts/ (or src/), and let the tests import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The query cache has one door (issue 50, decision 011): every query's key and function is in
    // src/queries/, and what a change makes stale is in src/queries/changes.ts. A page or a
    // component asks for them by name, so no key is spelled twice and none is spelled wrong.
    files: ['src/features/**', 'src/components/**', 'src/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(invalidateQueries|setQueryData|setQueriesData|removeQueries|cancelQueries|resetQueries|refetchQueries)$/]',
          message: 'Change the query cache through an after<Change>() of src/queries/changes.ts, not by hand.',
        },
        {
          selector: "Property[key.name='queryFn']",
          message: "A query's key and function belong in src/queries/: spread its queryOptions here.",
        },
      ],
    },
  },
  {
    // A server function's input is a schema of src/schemas/ (issue 50): the REST API and the
    // OpenAPI document read the same one, and a shape such as `{ id }` is written once.
    files: ['src/functions/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z']",
          message: "Name the request's schema in src/schemas/ and import it.",
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
