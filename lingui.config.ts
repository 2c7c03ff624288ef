import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Korean is the source of truth for neither: messages are written in English in code
// (the PO msgid), and both catalogs carry a full translation so that a missing Korean
// string is caught by `npm run i18n:check` instead of silently showing English.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ko', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
