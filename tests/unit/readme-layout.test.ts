import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The README's Layout section names every folder a newcomer opens (issue 50): each folder of
 * `src/`, `src/server/` and `src/features/`, and each file of `src/schemas/`, has a line there,
 * and no line names something that is gone. A subsection is a `### \`folder/\`` heading whose
 * bullets open with the names they describe: "- `name/`: what it holds" (several names, comma
 * separated, share a line).
 */

const root = path.resolve(import.meta.dirname, '../..')

/** What must be named in each subsection: its folders only, or every entry (files too). */
const REQUIRED: Record<string, 'folders' | 'entries'> = {
  'src/': 'folders',
  'src/server/': 'folders',
  'src/features/': 'folders',
  'src/schemas/': 'entries',
}

interface Entry {
  name: string
  isDirectory: boolean
}

type ListFolder = (folder: string) => Entry[] | undefined

/** The text from `## {title}` to the next heading of the same level. */
export function markdownSection(markdown: string, title: string): string | undefined {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => line === `## ${title}`)
  if (start === -1) return undefined
  const length = lines.slice(start + 1).findIndex((line) => line.startsWith('## '))
  return lines.slice(start, length === -1 ? undefined : start + 1 + length).join('\n')
}

/** Each `### \`folder/\`` subsection of the layout, with the names its bullets open with. */
export function layoutSubsections(layout: string): Map<string, string[]> {
  const subsections = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of layout.split('\n')) {
    const [, folder] = /^### `([^`]+\/)`\s*$/.exec(line) ?? []
    if (folder !== undefined) {
      current = []
      subsections.set(folder, current)
      continue
    }
    if (line.startsWith('### ')) current = undefined
    const [, names] = /^- ((?:`[^`]+`(?:, )?)+):/.exec(line) ?? []
    if (current && names !== undefined) current.push(...[...names.matchAll(/`([^`]+)`/g)].map(([, name = '']) => name))
  }
  return subsections
}

/** Every way the layout differs from the tree; empty when it matches. */
export function layoutProblems(readme: string, listFolder: ListFolder): string[] {
  const layout = markdownSection(readme, 'Layout')
  if (layout === undefined) return ['the README has no "## Layout" section']
  const problems: string[] = []
  const subsections = layoutSubsections(layout)
  for (const [folder, must] of Object.entries(REQUIRED)) {
    const named = subsections.get(folder)
    if (!named) {
      problems.push(`the Layout has no "### \`${folder}\`" subsection`)
      continue
    }
    for (const entry of listFolder(folder) ?? []) {
      if (must === 'folders' && !entry.isDirectory) continue
      const name = entry.isDirectory ? `${entry.name}/` : entry.name
      if (!named.includes(name)) problems.push(`${folder}${name} has no line in the README's Layout`)
    }
  }
  for (const [folder, names] of subsections) {
    const entries = listFolder(folder)
    if (!entries) {
      problems.push(`the Layout's subsection ${folder} names a folder that does not exist`)
      continue
    }
    for (const name of names) {
      const isDirectory = name.endsWith('/')
      const found = entries.some((entry) => entry.name === name.replace(/\/$/, '') && entry.isDirectory === isDirectory)
      if (!found) problems.push(`the Layout names ${folder}${name}, which does not exist`)
    }
  }
  // A path written out anywhere in the section (`src/server/http/api.ts`) must exist too.
  for (const [, written = ''] of layout.matchAll(/`(src\/[^`\s{}*…]+)`/g)) {
    const target = written.replace(/\/$/, '')
    const parent = listFolder(`${path.posix.dirname(target)}/`)
    if (!parent?.some((entry) => entry.name === path.posix.basename(target))) problems.push(`the Layout names ${written}, which does not exist`)
  }
  return problems
}

const listTree: ListFolder = (folder) => {
  const absolute = path.join(root, folder)
  if (!fs.existsSync(absolute) || !fs.statSync(absolute).isDirectory()) return undefined
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() }))
}

describe("the README's Layout", () => {
  it('names every folder of src, src/server and src/features and every file of src/schemas, and nothing that is gone', () => {
    expect(layoutProblems(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), listTree)).toEqual([])
  })
})

describe('layoutProblems', () => {
  const tree: Record<string, Entry[]> = {
    'src/': ['server', 'features', 'schemas'].map((name) => ({ name, isDirectory: true })),
    'src/server/': [
      { name: 'auth', isDirectory: true },
      { name: 'mail', isDirectory: true },
      { name: 'services.ts', isDirectory: false },
    ],
    'src/features/': [{ name: 'inbox', isDirectory: true }],
    'src/schemas/': [
      { name: 'home.ts', isDirectory: false },
      { name: 'lang.ts', isDirectory: false },
    ],
  }
  const listFake: ListFolder = (folder) => tree[folder]
  const readme = (serverLines: string, schemaLines = '- `home.ts`, `lang.ts`: listings; the language') =>
    [
      '# App',
      '## Layout',
      '### `src/`',
      '- `server/`, `features/`, `schemas/`: below',
      '### `src/server/`',
      serverLines,
      '### `src/features/`',
      '- `inbox/`: the inbox',
      '### `src/schemas/`',
      schemaLines,
      '## Tests',
      '- `gone/`: outside the Layout, not read',
    ].join('\n')

  it('finds nothing when every folder has its line', () => {
    expect(layoutProblems(readme('- `auth/`: sign-in\n- `mail/`: mail\n  over two lines'), listFake)).toEqual([])
  })

  it('names a folder without a line, and a schema file without one', () => {
    expect(layoutProblems(readme('- `auth/`: sign-in', '- `home.ts`: listings'), listFake)).toEqual([
      "src/server/mail/ has no line in the README's Layout",
      "src/schemas/lang.ts has no line in the README's Layout",
    ])
  })

  it('names a line whose folder or file is gone, or is a file where a folder is named', () => {
    expect(layoutProblems(readme('- `auth/`, `mail/`, `seo/`: sign-in, mail, sitemap\n- `services.ts/`: the services'), listFake)).toEqual([
      'the Layout names src/server/seo/, which does not exist',
      'the Layout names src/server/services.ts/, which does not exist',
    ])
  })

  it('checks a path written out in a line, and a missing subsection', () => {
    const text = readme('- `auth/`, `mail/`: see `src/server/auth/` and `src/server/http/api.ts`').replace(
      /### `src\/features\/`\n- `inbox\/`: the inbox\n/,
      '',
    )
    expect(layoutProblems(text, listFake)).toEqual([
      'the Layout has no "### `src/features/`" subsection',
      'the Layout names src/server/http/api.ts, which does not exist',
    ])
  })
})
