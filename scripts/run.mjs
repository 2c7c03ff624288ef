#!/usr/bin/env node
/**
 * Runs a TypeScript entry point from scripts/ through Vite's module runner, so command-line
 * tools share the app's module graph exactly: path aliases, Lingui macros, zod schemas.
 * Usage: node scripts/run.mjs scripts/seed.ts [args...]
 */
import path from 'node:path'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { createServer } from 'vite'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('usage: node scripts/run.mjs <script.ts> [args...]')
  process.exit(2)
}

// A command prints its own sentences; the server's log lines (a page-store purge, a job's run)
// only when LOG_LEVEL asks for them. Warnings and errors still show: they are worth reading.
// Set here, before any module reads the settings, so `npm start` keeps its own default.
if (!process.env.LOG_LEVEL?.trim()) process.env.LOG_LEVEL = 'warn'

const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('cli') },
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  optimizeDeps: { noDiscovery: true, include: [] },
})
let exitCode = 0
try {
  const module = await server.ssrLoadModule(path.resolve(entry))
  exitCode = (await module.main(args)) ?? 0
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await server.close()
}
process.exit(exitCode)
