import fs from 'node:fs'
import path from 'node:path'
import type { OutputBundle } from 'rolldown'
import type { Plugin } from 'vite'
import { z } from 'zod'
import { ISLANDS_OUT_DIR } from './islands-build.ts'

/** Which of our source files (and which packages) each chunk of a bundle carries, by file name. */
function chunkSources(bundle: OutputBundle): Record<string, Array<string>> {
  const root = process.cwd()
  const chunks: Record<string, Array<string>> = {}
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue
    const sources = new Set<string>()
    for (const id of output.moduleIds) {
      // A route's code-split parts keep their `?tsr-split=…` mark: the rest of a route file
      // (its path, search schema, head) is the router's table, which every page carries.
      const [file = id, query = ''] = id.replace(/^\0/, '').split('?')
      const split = /tsr-split=[\w-]+/.exec(query)?.[0]
      const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
      const source = nodeModule ? `npm:${nodeModule[1]}` : path.isAbsolute(file) ? path.relative(root, file) : file
      sources.add(split && !nodeModule ? `${source}?${split}` : source)
    }
    chunks[output.fileName] = [...sources].sort()
  }
  return chunks
}

const ISLANDS_CHUNKS = path.join(ISLANDS_OUT_DIR, 'client-chunks.json')
const chunksSchema = z.record(z.string(), z.array(z.string()))

/*
 * Which of our source files (and which packages) each client chunk carries, written beside the
 * build, outside what is served (`.output/client-chunks.json`). The weight test reads it to
 * prove, module by module, that the workspace's code never reaches a public page's first
 * download (issue 31 item 4): a chunk's file name is the bundler's choice and says little.
 * The islands build (vite.islands.config.ts) writes its own list first (`islands: true`), and the
 * app's build adds it to its own: those chunks are served with the app's.
 */
export function clientChunkModules({ islands = false }: { islands?: boolean } = {}): Plugin {
  return {
    name: 'realtor:client-chunk-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const chunks = chunkSources(bundle)
      if (islands) {
        fs.writeFileSync(ISLANDS_CHUNKS, `${JSON.stringify(chunks, null, 1)}\n`)
        return
      }
      const islandChunks = fs.existsSync(ISLANDS_CHUNKS) ? chunksSchema.parse(JSON.parse(fs.readFileSync(ISLANDS_CHUNKS, 'utf8'))) : {}
      const outDir = options.dir ?? path.join(process.cwd(), '.output', 'public')
      fs.writeFileSync(path.join(outDir, '..', 'client-chunks.json'), `${JSON.stringify({ ...chunks, ...islandChunks }, null, 1)}\n`)
    },
  }
}
