import type { CSSProperties } from 'react'
import { accentPalette } from '~/lib/color'
import type { PublicRealtor } from '~/schemas/realtor'

const LIGHT_PAGE = '#FAFAF9'
// The lightest dark surface that carries accent text (the form card), so accent text
// passes on every darker one too.
const DARK_PAGE = '#1C1917'

/** Font sizes a realtor may pick are clamped to what stays readable and fits a phone. */
export function effectiveFontSize(designFontSize: number): number {
  return Math.min(20, Math.max(14, Math.round(designFontSize)))
}

/**
 * The realtor's design settings as CSS custom properties. Colours go through the contrast
 * check, so no choice can make text unreadable.
 */
export function homepageTheme(realtor: Pick<PublicRealtor, 'designMainColor' | 'contentDarkMode' | 'designMainDarkMode'>) {
  const contentDark = realtor.contentDarkMode === 'Y'
  const palette = accentPalette(realtor.designMainColor, contentDark ? DARK_PAGE : LIGHT_PAGE)
  const style: CSSProperties & Record<`--${string}`, string> = {
    '--accent': palette.accent,
    '--on-accent': palette.onAccent,
    '--accent-text': palette.accentText,
  }
  return { style, contentDark, mainDark: realtor.designMainDarkMode === 'Y' }
}
