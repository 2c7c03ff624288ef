import { randomUUID } from 'node:crypto'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'
import { clientChunkModules } from './build/chunk-modules.ts'
import { islandsBuild } from './build/islands-build.ts'
import { visitorCatalogs } from './build/visitor-catalogs.ts'

// One id per build. The browser compares its own id with builds/latest.json to notice a
// new deployment (spec §4); the server knows it too, for logs and the meta file.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`

function buildManifestFiles(): Plugin {
  return {
    name: 'realtor:build-manifest',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const builtAt = new Date().toISOString()
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: buildId, timestamp: Date.now() }),
      })
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${buildId}.json`,
        source: JSON.stringify({ id: buildId, timestamp: Date.now(), builtAt }),
      })
    },
  }
}

/*
 * The code every page of a realtor's site runs (homepage and listing pages), in one file. Left
 * to itself Rolldown splits it by which routes share each module (the editor's preview, the
 * admin, the privacy notice…), and the homepage fetched ten small files: on HTTP/1.1 each is a
 * round trip, and hydration began in whichever task the last one arrived. Code loaded on
 * demand (the live contact form, the consent banner) and a listing page's own parts stay out.
 */
const REALTOR_PAGE_MODULE =
  /[\\/]src[\\/](?:features[\\/](?:homepage|listings|saved-searches)[\\/]|features[\\/]blog[\\/](?:post-card|post-meta|latest-posts)\.tsx|lib[\\/](?:consent|analytics-tag|saved-search-words|saved-search-pages|visit-beacon|date-time-format|listing-disclaimers|contact-links|own-domain-paths)\.ts)/
const LOADED_ON_DEMAND_OR_ELSEWHERE = /(?:contact-form-live|analytics-consent-banner|home-detail-|home-search-|payment-estimate|alert-pages)/

function isRealtorPageModule(id: string): boolean {
  return REALTOR_PAGE_MODULE.test(id) && !LOADED_ON_DEMAND_OR_ELSEWHERE.test(id)
}

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Everything the first page load needs in one file: on HTTP/1.1 every extra file
            // costs a round trip, and the route tree statically imports a small piece of
            // every route, which otherwise became ~15 files of a few hundred bytes each.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                { name: 'realtor-page', test: (id) => isRealtorPageModule(id) },
              ],
            },
          },
        },
      },
    },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  plugins: [
    lingui(),
    visitorCatalogs(),
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'src',
      importProtection: {
        behavior: 'error',
        client: {
          files: ['**/*.server.*', '**/src/server/**'],
        },
      },
    }),
    // Lingui macros must be compiled before React's transform sees the JSX.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    viteReact(),
    // Precompressed copies of the built assets (brotli and gzip), served by Accept-Encoding:
    // the app is its own web server (DESIGN §9), and a phone should not download raw JS and CSS.
    nitro({
      // Workers that share one listening socket (`node: { exclusive: false }`): `npm start`
      // (scripts/serve.mjs) forks them and imports `.output/server/worker.mjs` in each.
      // Nitro's own `index.mjs` primary is not used: it neither restarts nor drains workers.
      preset: 'node-cluster',
      compressPublicAssets: { gzip: true, brotli: true },
      // The page-font subsetter reads harfbuzz's WebAssembly file next to its own code, so
      // it stays a package in the output instead of being bundled (decision 008). pdfkit reads
      // its own data files (the standard fonts' metrics) beside its code too (decision 074).
      traceDeps: ['subset-font', 'harfbuzzjs*', 'pdfkit'],
      // Requests h3 refuses before our server entry (a malformed `%` escape) get our answer.
      errorHandler: './src/server/http/framework-error.ts',
    }),
    buildManifestFiles(),
    clientChunkModules(),
    islandsBuild(),
  ],
})
