import { houseScene, palettes, render, type Palette } from '~/server/seed/demo-images'
import type { StorageDriver } from '~/server/uploads/storage'

/** Enough variety that neighbouring cards rarely look alike. */
export const DEFAULT_LISTING_IMAGE_COUNT = 18

const FALLBACK: Palette = { sky: '#dbeafe', ground: '#86efac', house: '#fef3c7', roof: '#b45309', accent: '#1d4ed8' }

/** An interior drawn from shapes: a window, a sofa and a lamp in the palette's colours. */
function roomScene(width: number, height: number, palette: Palette, variant: number): string {
  const floorY = Math.round(height * 0.7)
  const windowX = Math.round(width * (0.12 + (variant % 3) * 0.18))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${floorY}" fill="${palette.house}"/>
  <rect y="${floorY}" width="${width}" height="${height - floorY}" fill="#d6b98c"/>
  <rect x="${windowX}" y="${height * 0.14}" width="${width * 0.26}" height="${height * 0.34}" fill="${palette.sky}" stroke="#57534e" stroke-width="6"/>
  <rect x="${windowX + width * 0.128}" y="${height * 0.14}" width="6" height="${height * 0.34}" fill="#57534e"/>
  <rect x="${width * 0.52}" y="${floorY - height * 0.2}" width="${width * 0.36}" height="${height * 0.16}" rx="18" fill="${palette.accent}"/>
  <rect x="${width * 0.5}" y="${floorY - height * 0.27}" width="${width * 0.4}" height="${height * 0.1}" rx="18" fill="${palette.roof}"/>
  <rect x="${width * 0.12}" y="${floorY - height * 0.02}" width="${width * 0.3}" height="${height * 0.04}" fill="#a8a29e"/>
  <circle cx="${width * 0.93}" cy="${height * 0.3}" r="${height * 0.05}" fill="#fde047"/>
  <rect x="${width * 0.925}" y="${height * 0.34}" width="8" height="${floorY - height * 0.34}" fill="#44403c"/>
</svg>`
}

/**
 * Draws the demo listing photos once and stores them under `demo/homes/`; every demo home
 * points at some of them. Returns their storage keys in a fixed order: a listing stores the
 * key, and its URL is built when answering (photo-address.ts), so the demo survives a move.
 */
export async function storeDemoHomeImages(storage: StorageDriver, count = DEFAULT_LISTING_IMAGE_COUNT): Promise<Array<string>> {
  const keys: Array<string> = []
  for (let index = 0; index < count; index += 1) {
    const palette = palettes[index % palettes.length] ?? FALLBACK
    const svg = index % 3 === 2 ? roomScene(960, 640, palette, index) : houseScene(960, 640, palette, index)
    const key = `demo/homes/home-${String(index + 1).padStart(2, '0')}.webp`
    await storage.put(key, await render(svg, 'webp'), 'image/webp')
    keys.push(key)
  }
  return keys
}
