import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { z } from 'zod'

/** Where `vite build -c vite.islands.config.ts` writes the islands runtime (issue 31, decision 051). */
export const ISLANDS_OUT_DIR = '.islands'
/** The islands runtime's entry, as the islands build's manifest names it. */
export const ISLANDS_ENTRY = 'src/islands-client.ts'
const ENTRY_MODULE = 'virtual:islands-entry'

/** The part of Vite's build manifest read here: each input's output file. */
const buildManifestSchema = z.record(z.string(), z.object({ file: z.string() }))

function islandsEntryFile(manifestFile: string): string {
  const entry = buildManifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')))[ISLANDS_ENTRY]
  if (!entry) throw new Error(`${manifestFile} names no ${ISLANDS_ENTRY}: \`npm run build\` builds the islands first`)
  return entry.file
}

function filesUnder(dir: string): Array<string> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/**
 * Joins the islands runtime, built on its own by `vite.islands.config.ts`, to the app's build.
 * A separate build, so that its chunks share nothing with the app's: the app's first chunk holds
 * every module a page of the app starts with (the router, Start's client, Query), and a second
 * entry in the same build would have pulled it in. Its files become assets of the client build
 * (served, hashed and precompressed with the others), and the server reads the entry's address
 * from `virtual:islands-entry`. `vite dev` has no islands build: the entry is undefined there and
 * public pages hydrate as the app (src/server/islands/islands-delivery.ts).
 */
export function islandsBuild(): Plugin {
  let building = false
  const outDir = path.resolve(ISLANDS_OUT_DIR)
  return {
    name: 'realtor:islands-build',
    configResolved(config) {
      building = config.command === 'build'
    },
    resolveId(id) {
      return id === ENTRY_MODULE ? `\0${id}` : undefined
    },
    load(id) {
      if (id !== `\0${ENTRY_MODULE}`) return undefined
      if (!building) return 'export const islandsEntry = undefined\n'
      const manifestFile = path.join(outDir, '.vite', 'manifest.json')
      this.addWatchFile(manifestFile)
      const file = islandsEntryFile(manifestFile)
      return `export const islandsEntry = ${JSON.stringify(`/${file}`)}\n`
    },
    generateBundle() {
      if (!building || this.environment.name !== 'client') return
      const assets = path.join(outDir, 'assets')
      for (const file of filesUnder(assets)) {
        this.emitFile({ type: 'asset', fileName: path.relative(outDir, file).split(path.sep).join('/'), source: fs.readFileSync(file) })
      }
    },
  }
}
