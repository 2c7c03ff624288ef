import { describe, expect, it } from 'vitest'
import {
  formatVariantWidths,
  parseVariantWidths,
  photoSrcSet,
  responsivePhoto,
  variantKeyFor,
  variantOriginalOf,
  variantWidthOf,
  variantWidthsFor,
} from '../../src/lib/photo-variants'
import { originalKeyOf } from '../../src/server/uploads/storage'
import { derivedKeysOf, wantsVariants } from '../../src/server/uploads/photo-variants'

const KEY = 'realtors/abc/top/1b2c.jpg'

describe('photo variant names (decision 050)', () => {
  it('derives a variant key from the original and back', () => {
    expect(variantKeyFor(KEY, 640)).toBe(`${KEY}.w640.webp`)
    expect(variantWidthOf(`${KEY}.w1024.webp`)).toBe(1024)
    expect(variantOriginalOf(`${KEY}.w1024.webp`)).toBe(KEY)
    expect(variantOriginalOf(KEY)).toBeUndefined()
    expect(variantWidthOf(`${KEY}.thumb.webp`)).toBeUndefined()
    // An upload that is itself a WebP is an original, not a variant.
    expect(variantOriginalOf('realtors/abc/top/1b2c.webp')).toBeUndefined()
  })

  it('a variant and a thumbnail live with their original', () => {
    expect(originalKeyOf(`${KEY}.w1600.webp`)).toBe(KEY)
    expect(originalKeyOf(`${KEY}.thumb.webp`)).toBe(KEY)
    expect(originalKeyOf(KEY)).toBe(KEY)
    expect(derivedKeysOf(KEY, [900])).toEqual([`${KEY}.thumb.webp`, `${KEY}.w640.webp`, `${KEY}.w1024.webp`, `${KEY}.w1600.webp`, `${KEY}.w900.webp`])
  })

  it('chooses widths without upscaling, the original’s own width closing a narrow photo’s set', () => {
    expect(variantWidthsFor(4032)).toEqual([640, 1024, 1600])
    expect(variantWidthsFor(1600)).toEqual([640, 1024, 1600])
    expect(variantWidthsFor(1200)).toEqual([640, 1024, 1200])
    expect(variantWidthsFor(640)).toEqual([640])
    expect(variantWidthsFor(200)).toEqual([200])
    expect(variantWidthsFor(0)).toEqual([])
    expect(variantWidthsFor(Number.NaN)).toEqual([])
  })

  it('stores widths as text and reads anything else as none', () => {
    expect(formatVariantWidths([640, 1024])).toBe('640,1024')
    expect(parseVariantWidths('640,1024')).toEqual([640, 1024])
    expect(parseVariantWidths('')).toEqual([])
    expect(parseVariantWidths(null)).toEqual([])
    expect(parseVariantWidths('640,x')).toEqual([])
  })

  it('makes variants of the photos pages show, not of the favicon or the sharing image', () => {
    expect(wantsVariants(KEY)).toBe(true)
    expect(wantsVariants('realtors/abc/gallery/1.png')).toBe(true)
    expect(wantsVariants('realtors/abc/favicon/1.png')).toBe(false)
    expect(wantsVariants('realtors/abc/ogImage/1.jpg')).toBe(false)
    expect(wantsVariants('demo/homes/home-01.webp')).toBe(false)
  })
})

describe('srcset', () => {
  const url = `https://cdn.example.com/${KEY}`

  it('names only the variants the data lists, smallest first', () => {
    expect(photoSrcSet(url, [640, 1024, 1600])).toBe(`${url}.w640.webp 640w, ${url}.w1024.webp 1024w, ${url}.w1600.webp 1600w`)
    expect(photoSrcSet(url, [640, 900], { url: `${url}.thumb.webp`, width: 480 })).toBe(`${url}.thumb.webp 480w, ${url}.w640.webp 640w, ${url}.w900.webp 900w`)
  })

  it('a photo stored before variants keeps its one src, with no sizes', () => {
    expect(photoSrcSet(url, undefined)).toBeUndefined()
    expect(photoSrcSet(url, [])).toBeUndefined()
    expect(responsivePhoto(url, undefined, '100vw')).toEqual({ src: url })
    expect(responsivePhoto(url, [640], '100vw')).toEqual({ src: url, srcSet: `${url}.w640.webp 640w`, sizes: '100vw' })
  })
})
