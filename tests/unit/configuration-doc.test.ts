import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { envSchema } from '~/server/config/env'

/*
 * docs/configuration.md is where an operator finds every setting (issue 50 moved it out of the
 * README): each variable the server's schema reads has a row there, and each row names a
 * variable something in the code still reads, so neither side drifts from the other.
 */

const root = path.resolve(import.meta.dirname, '../..')
const doc = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8')

/** The variables a row's first cell names: "`S3_BUCKET`, `S3_ACCESS_KEY_ID`" or "`A` / `B`". */
export function documentedVariables(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, name = '']) => name))
}

/** The text of every source file under these folders (generated and vendored ones aside). */
function sources(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js|sh)$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
  )
}

describe('docs/configuration.md', () => {
  const documented = documentedVariables(doc)

  it('reads the table: one row may name several variables', () => {
    expect(documentedVariables('| Variable | Default |\n| --- | --- |\n| `A_B` / `C` | `1` / `D_E` |\n| `F`, `G` | – |')).toEqual(['A_B', 'C', 'F', 'G'])
  })

  it('has a row for every variable of src/server/config/env.ts', () => {
    expect(Object.keys(envSchema.shape).filter((name) => !documented.includes(name))).toEqual([])
  })

  it('documents only variables that something still reads', () => {
    const code = [
      ...sources(['src', 'scripts', 'tests']),
      ...['playwright.config.ts', 'vite.config.ts', 'vitest.config.ts'].map((file) => fs.readFileSync(path.join(root, file), 'utf8')),
    ].join('\n')
    expect(documented.filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([])
  })
})
