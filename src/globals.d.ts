/** Replaced at build time by vite.config.ts: this bundle's build id (spec §4). */
declare const __BUILD_ID__: string

/** The visitor catalogs `vite.config.ts` compiles from the PO files (see `visitorCatalogs`). */
declare module 'virtual:visitor-messages/*' {
  export const messages: import('@lingui/core').Messages
}

/** subset-font ships no types; this is the part of its API the page fonts use. */
declare module 'subset-font' {
  type AxisRange = { min: number; max: number; default?: number }
  type SubsetOptions = {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'
    keepFeatures?: Array<string>
    variationAxes?: Record<string, number | AxisRange>
    noHinting?: boolean
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Buffer>
}

/** The islands runtime's entry in this build (build/islands-build.ts); undefined in `vite dev` and tests. */
declare module 'virtual:islands-entry' {
  export const islandsEntry: string | undefined
}

/**
 * pdfkit also takes a font fontkit has already parsed (it only calls its `layout`), which its
 * types leave out: the CMA's PDF parses Pretendard once per process (src/server/cma/cma-pdf.ts).
 */
declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this
  }
}
