import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { defineConfig } from 'vitest/config'
import { islandsBuild } from './build/islands-build.ts'

// Tests run without the Start plugins: they exercise the libraries and the server's use
// cases directly, the way the REST handlers and server functions call them.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify('test') },
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] }), islandsBuild()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run side by side (one per core): each suite has databases, uploads, ports and
          // client addresses of its own, copied from templates that global-setup.ts migrated once.
          fileParallelism: true,
        },
      },
    ],
  },
})
