import sharp from 'sharp'

/*
 * Generated pictures for the demo homepage: drawn from SVG shapes (no text, so no font is
 * needed), rendered by sharp. They look like illustrations, never like stock photos of
 * real people or homes.
 */

export type Palette = { sky: string; ground: string; house: string; roof: string; accent: string }

const DEFAULT_PALETTE: Palette = { sky: '#dbeafe', ground: '#86efac', house: '#fef3c7', roof: '#b45309', accent: '#1d4ed8' }

export const palettes: Array<Palette> = [
  DEFAULT_PALETTE,
  { sky: '#fde68a', ground: '#a3e635', house: '#f5f5f4', roof: '#7c2d12', accent: '#0f766e' },
  { sky: '#e0e7ff', ground: '#4ade80', house: '#fae8ff', roof: '#4c1d95', accent: '#be185d' },
  { sky: '#cffafe', ground: '#65a30d', house: '#fff7ed', roof: '#9a3412', accent: '#0369a1' },
  { sky: '#fce7f3', ground: '#22c55e', house: '#ecfeff', roof: '#155e75', accent: '#a16207' },
  { sky: '#f1f5f9', ground: '#84cc16', house: '#fefce8', roof: '#334155', accent: '#b91c1c' },
]

export function houseScene(width: number, height: number, palette: Palette, variant: number): string {
  const groundY = Math.round(height * 0.72)
  const houseW = Math.round(width * (0.34 + (variant % 3) * 0.04))
  const houseH = Math.round(height * 0.3)
  const houseX = Math.round(width * (0.18 + (variant % 4) * 0.08))
  const houseY = groundY - houseH
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.08}" fill="#fde047" opacity="0.9"/>
  <path d="M0 ${groundY} Q ${width * 0.3} ${groundY - height * 0.12} ${width * 0.6} ${groundY} T ${width} ${groundY} V ${height} H 0 Z" fill="${palette.ground}"/>
  <rect x="${houseX}" y="${houseY}" width="${houseW}" height="${houseH}" fill="${palette.house}" stroke="#44403c" stroke-width="3"/>
  <path d="M${houseX - 20} ${houseY} L ${houseX + houseW / 2} ${houseY - houseH * 0.6} L ${houseX + houseW + 20} ${houseY} Z" fill="${palette.roof}"/>
  <rect x="${houseX + houseW * 0.42}" y="${groundY - houseH * 0.55}" width="${houseW * 0.16}" height="${houseH * 0.55}" fill="${palette.accent}"/>
  <rect x="${houseX + houseW * 0.1}" y="${houseY + houseH * 0.2}" width="${houseW * 0.2}" height="${houseH * 0.25}" fill="#bae6fd" stroke="#44403c" stroke-width="2"/>
  <rect x="${houseX + houseW * 0.7}" y="${houseY + houseH * 0.2}" width="${houseW * 0.2}" height="${houseH * 0.25}" fill="#bae6fd" stroke="#44403c" stroke-width="2"/>
  <circle cx="${width * 0.88}" cy="${groundY - height * 0.06}" r="${height * 0.09}" fill="#15803d"/>
  <rect x="${width * 0.875}" y="${groundY - height * 0.02}" width="${width * 0.012}" height="${height * 0.06}" fill="#78350f"/>
</svg>`
}

function portrait(width: number, height: number, background: string, shirt: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${background}"/>
  <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.2}" fill="#f2c9a5"/>
  <path d="M${width * 0.3} ${height * 0.3} Q ${width / 2} ${height * 0.08} ${width * 0.7} ${height * 0.3} Q ${width * 0.66} ${height * 0.2} ${width / 2} ${height * 0.19} Q ${width * 0.34} ${height * 0.2} ${width * 0.3} ${height * 0.3} Z" fill="#292524"/>
  <path d="M${width * 0.12} ${height} Q ${width * 0.14} ${height * 0.62} ${width / 2} ${height * 0.6} Q ${width * 0.86} ${height * 0.62} ${width * 0.88} ${height} Z" fill="${shirt}"/>
</svg>`
}

function mark(size: number, color: string, variant: 'house' | 'key'): string {
  const shape =
    variant === 'house'
      ? `<path d="M${size * 0.2} ${size * 0.55} L ${size / 2} ${size * 0.25} L ${size * 0.8} ${size * 0.55} V ${size * 0.8} H ${size * 0.2} Z" fill="#ffffff"/><rect x="${size * 0.44}" y="${size * 0.6}" width="${size * 0.12}" height="${size * 0.2}" fill="${color}"/>`
      : `<circle cx="${size * 0.38}" cy="${size / 2}" r="${size * 0.16}" fill="none" stroke="#ffffff" stroke-width="${size * 0.07}"/><rect x="${size * 0.5}" y="${size * 0.465}" width="${size * 0.32}" height="${size * 0.07}" fill="#ffffff"/><rect x="${size * 0.72}" y="${size * 0.5}" width="${size * 0.07}" height="${size * 0.12}" fill="#ffffff"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${color}"/>${shape}</svg>`
}

export async function render(svg: string, format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  const image = sharp(Buffer.from(svg))
  const buffer =
    format === 'jpeg'
      ? await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
      : format === 'png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.webp({ quality: 80 }).toBuffer()
  return new Uint8Array(buffer)
}

export type DemoImage = { bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png' | 'image/webp' }

export async function demoImages() {
  const jpeg = async (svg: string): Promise<DemoImage> => ({ bytes: await render(svg, 'jpeg'), contentType: 'image/jpeg' })
  const png = async (svg: string): Promise<DemoImage> => ({ bytes: await render(svg, 'png'), contentType: 'image/png' })
  const palette = (index: number): Palette => palettes[index % palettes.length] ?? DEFAULT_PALETTE
  return {
    top: await jpeg(houseScene(1600, 900, palette(0), 1)),
    logo: await png(mark(320, '#1d4ed8', 'house')),
    logo2: await png(mark(320, '#0f766e', 'key')),
    id: await jpeg(portrait(600, 800, '#e7e5e4', '#1d4ed8')),
    id2: await jpeg(portrait(600, 800, '#dbeafe', '#334155')),
    favicon: await png(mark(64, '#1d4ed8', 'house')),
    ogImage: await jpeg(houseScene(1200, 630, palette(0), 2)),
    gallery: await Promise.all([1, 2, 3, 4, 5, 6].map((index) => jpeg(houseScene(1200, 800, palette(index), index)))),
  }
}
