/** Replaced at build time by vite.config.ts: this bundle's build id (spec §4). */
declare const __BUILD_ID__: string

/** The visitor catalogs `vite.config.ts` compiles from the PO files (see `visitorCatalogs`). */
declare module 'virtual:visitor-messages/*' {
  export const messages: import('@lingui/core').Messages
}
