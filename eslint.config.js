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
  globalIgnores(['src/routeTree.gen.ts', 'src/locales-compiled/', '.output/', 'data/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended, pluginQuery.configs['flat/recommended'], pluginRouter.configs['flat/recommended']],
  },
  {
    // Plain JavaScript (the Node scripts and this file) is outside tsconfig.json: it is linted
    // without type information.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
)
