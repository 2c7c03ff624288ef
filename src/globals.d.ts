/** Replaced at build time by vite.config.ts: this bundle's build id (spec §4). */
declare const __BUILD_ID__: string
