import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { clientChunkModules } from './build/chunk-modules.ts'
import { ISLANDS_ENTRY, ISLANDS_OUT_DIR } from './build/islands-build.ts'
import { visitorCatalogs } from './build/visitor-catalogs.ts'

/*
 * The islands runtime of the public pages (issue 31, decision 051): a small entry that starts
 * after the first paint, and the code of each island, React and the visitor's messages, loaded
 * when an island is about to be used. Built before the app (`npm run build`), whose build takes
 * these files in as its own assets (build/islands-build.ts).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  plugins: [lingui(), visitorCatalogs(), babel({ presets: [linguiTransformerBabelPreset()] }), viteReact(), clientChunkModules({ islands: true })],
  build: {
    outDir: ISLANDS_OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets/islands',
    rolldownOptions: { input: ISLANDS_ENTRY },
  },
})
