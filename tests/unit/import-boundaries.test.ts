import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/*
 * The floors of decision 057 (issue 50): an import never climbs, and the linter says so. Each
 * case lints one import line as if it stood in a file at `filePath`, with the project's own
 * eslint.config.js, and counts the refusals of `no-restricted-imports`: removing or loosening
 * a rule fails its cases. Type information is off (the files do not exist); the rule needs none.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  })
})

async function refusals(filePath: string, specifier: string): Promise<number> {
  const [result] = await eslint.lintText(`import { value } from '${specifier}'\nexport { value }\n`, { filePath: path.join(ROOT, filePath) })
  if (!result) throw new Error(`ESLint gave no result for ${filePath}`)
  // A parse error would count as no refusal: make it fail loudly instead.
  const fatal = result.messages.find((message) => message.fatal)
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`)
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').length
}

// On a busy machine the first lint (loading the config and its plugins) takes seconds.
const TIMEOUT_MS = 60_000

describe('imports that climb are refused', () => {
  const forbidden: Array<[from: string, specifier: string]> = [
    // A server domain never imports the adapters over it, by the alias or any relative path.
    ['src/server/tours/tour-requests.ts', '~/server/http/responses'],
    ['src/server/tours/tour-requests.ts', '../http/api'],
    ['src/server/tours/tour-requests.ts', '../../server/http/api'],
    ['src/server/db/migrations/0001-initial.ts', '../../http/api'],
    ['src/server/services.ts', './http/api'],
    ['src/server/web/responses.ts', '../http/request-guard'],
    // The server (the adapters too) never imports the UI or the routes.
    ['src/server/blog/rss-feed.ts', '~/features/homepage/json-ld'],
    ['src/server/data-export/export-realtor.ts', '../../features/inbox/csv'],
    ['src/server/http/api.ts', '~/features/inbox/csv'],
    ['src/server/http/api.ts', '~/routes/__root'],
    ['src/server/saved-searches/alert-mail.ts', '~/components/ui'],
    // Shared UI pieces never import a feature.
    ['src/components/ui.tsx', '~/features/auth/account-nav'],
    ['src/components/form/fields.tsx', '../../features/islands/island'],
    // The ground floor imports nothing above it (the rule that stood before, kept).
    ['src/lib/format.ts', '~/features/listings/home-card'],
    ['src/lib/format.ts', '../server/app-error'],
    ['src/lib/format.ts', '~/components/ui'],
    ['src/lib/format.ts', '~/schemas/home'],
    // Scripts never import tests, from TypeScript or plain JavaScript.
    ['scripts/pg-cluster.ts', '../tests/integration/global-setup'],
    ['scripts/bench.mjs', '../tests/map-fixture.ts'],
  ]
  it.each(forbidden)(
    '%s may not import %s',
    async (from, specifier) => {
      expect(await refusals(from, specifier)).toBe(1)
    },
    TIMEOUT_MS,
  )
})

describe('imports that stay on their floor or go down are allowed', () => {
  const allowed: Array<[from: string, specifier: string]> = [
    ['src/server/tours/tour-requests.ts', '~/server/web/rate-limit'],
    ['src/server/tours/tour-requests.ts', '~/server/db/schema'],
    ['src/server/tours/tour-requests.ts', '~/lib/csv'],
    ['src/server/tours/tour-requests.ts', 'node:http'],
    ['src/server/http/api.ts', './responses'],
    ['src/server/http/api.ts', '~/server/tours/tour-requests'],
    ['src/components/page-numbers.tsx', './ui'],
    ['src/lib/response-status.ts', '@tanstack/react-start/server'],
    ['src/lib/errors.ts', './lang'],
    ['src/features/shell/page-shell.tsx', '~/features/auth/account-nav'],
    ['src/features/shell/page-shell.tsx', '~/components/ui'],
    ['scripts/pg-cluster.ts', './postgres-cluster'],
    ['tests/integration/global-setup.ts', '../../scripts/postgres-cluster'],
  ]
  it.each(allowed)(
    '%s may import %s',
    async (from, specifier) => {
      expect(await refusals(from, specifier)).toBe(0)
    },
    TIMEOUT_MS,
  )
})
