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
    // Two files at a time. Vitest's default is one fewer than the cores, which is one file at a
    // time on this 2-core machine: the integration run was sequential, though each suite has its
    // own databases, ports and folders. Measured here: unit 84 s → 42 s, integration 324 s →
    // 223 s (issue 50, decision 058). Not more on a bigger machine without measuring: every
    // integration file opens PostgreSQL pools on the one test cluster (max_connections=200).
    maxWorkers: 2,
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
