import sharp, { type Sharp } from 'sharp'
import { PHOTO_VARIANT_WIDTHS } from '~/lib/photo-variants'

/*
 * `node scripts/run.mjs scripts/bench-photo-variants.ts`: how long sharp takes to make a photo's
 * width variants in WebP and in AVIF on this machine, the figures behind decision 050. The input is
 * a phone-sized (4032×3024) JPEG with photo-like texture (blurred noise over a gradient): flat
 * illustrations encode far faster than real photos and would flatter both formats.
 */

const RUNS = 3

async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .blur(2)
    .png()
    .toBuffer()
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7db9e8"/><stop offset="1" stop-color="#3a5f0b"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  )
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

type Encoder = { name: string; encode: (pipeline: Sharp) => Sharp }

const encoders: Array<Encoder> = [
  { name: 'webp q80 effort 4 (default)', encode: (pipeline) => pipeline.webp({ quality: 80 }) },
  { name: 'avif q50 effort 4 (default)', encode: (pipeline) => pipeline.avif({ quality: 50 }) },
  { name: 'avif q50 effort 0 (fastest)', encode: (pipeline) => pipeline.avif({ quality: 50, effort: 0 }) },
]

async function timeOne(input: Buffer, width: number, encoder: Encoder): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  const output = await encoder.encode(sharp(input).rotate().resize({ width, withoutEnlargement: true })).toBuffer()
  return { ms: performance.now() - started, bytes: output.byteLength }
}

function median(values: Array<number>): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export async function main(): Promise<number> {
  const input = await photoLikeJpeg(4032, 3024)
  console.log(
    `input: 4032×3024 JPEG q85, ${Math.round(input.byteLength / 1024)} KB; sharp ${sharp.versions.sharp}, libvips threads ${sharp.concurrency()}; median of ${RUNS} runs`,
  )
  for (const encoder of encoders) {
    let total = 0
    const parts: Array<string> = []
    for (const width of PHOTO_VARIANT_WIDTHS) {
      const runs: Array<{ ms: number; bytes: number }> = []
      for (let run = 0; run < RUNS; run += 1) runs.push(await timeOne(input, width, encoder))
      const ms = median(runs.map((item) => item.ms))
      total += ms
      parts.push(`${width}w ${Math.round(ms)} ms ${Math.round((runs[0]?.bytes ?? 0) / 1024)} KB`)
    }
    console.log(`${encoder.name}: ${parts.join(', ')}; all widths ${Math.round(total)} ms`)
  }
  return 0
}
