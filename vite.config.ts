import { randomUUID } from 'node:crypto'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'

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
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
    nitro({ compressPublicAssets: { gzip: true, brotli: true } }),
    buildManifestFiles(),
  ],
})
