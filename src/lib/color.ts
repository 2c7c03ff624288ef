/**
 * Colour arithmetic for the realtor's design settings. A realtor may pick any colour; the
 * page must stay readable (WCAG 2 contrast of at least 4.5:1 for text), so the accent is
 * adjusted, never trusted.
 */
export const MIN_TEXT_CONTRAST = 4.5

type Rgb = { r: number; g: number; b: number }

export function parseHex(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return undefined
  const value = Number.parseInt(match[1], 16)
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 }
}

export function toHex({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`.toUpperCase()
}

function linear(channel: number): number {
  const value = channel / 255
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

export function relativeLuminance(rgb: Rgb): number {
  return 0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b)
}

export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a)
  const second = parseHex(b)
  if (!first || !second) return 1
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return {
    r: color.r + (target.r - color.r) * amount,
    g: color.g + (target.g - color.g) * amount,
    b: color.b + (target.b - color.b) * amount,
  }
}

const WHITE = '#FFFFFF'
const INK = '#111827'

/** The text colour (white or ink) that reads best on a background. */
export function textColorOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK
}

/**
 * The colour moved towards black or white, in small steps, until it reaches the wanted
 * contrast against `against`. Keeps the hue a realtor chose as far as readability allows.
 */
export function adjustForContrast(color: string, against: string, minimum = MIN_TEXT_CONTRAST): string {
  const rgb = parseHex(color)
  const surface = parseHex(against)
  if (!rgb || !surface) return against === WHITE ? INK : WHITE
  if (contrastRatio(color, against) >= minimum) return toHex(rgb)
  const target = relativeLuminance(surface) > 0.5 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 }
  for (let step = 1; step <= 20; step += 1) {
    const candidate = toHex(mix(rgb, target, step / 20))
    if (contrastRatio(candidate, against) >= minimum) return candidate
  }
  return toHex(target)
}

export type AccentPalette = {
  /** Buttons and bands filled with the accent. */
  accent: string
  /** Text on `accent`; at least 4.5:1. */
  onAccent: string
  /** The accent as text or links on the page background; at least 4.5:1. */
  accentText: string
}

/**
 * From the realtor's main colour to a palette that is readable in light or dark content.
 * A colour too pale for white text and too dark for ink is darkened until one of them fits.
 */
export function accentPalette(mainColor: string, pageBackground: string): AccentPalette {
  const base = parseHex(mainColor) ? mainColor.toUpperCase() : '#1D4ED8'
  let accent = base
  let onAccent = textColorOn(accent)
  if (contrastRatio(onAccent, accent) < MIN_TEXT_CONTRAST) {
    accent = adjustForContrast(base, WHITE)
    onAccent = WHITE
  }
  return { accent, onAccent, accentText: adjustForContrast(base, pageBackground) }
}
