/*
 * Recognising an image by its first bytes, isomorphic: the server decides with it what it
 * stores and serves as an image, and the browser what it declares before uploading (its
 * File.type only reflects the file name), so both always agree.
 */

/** The image types recognised by their bytes: the only ones an upload may be (`~/schemas/photo`). */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number]

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const AVIF_BRANDS = new Set(['avif', 'avis'])

/**
 * The image type the bytes are, judged by their signature alone: a client's file name and
 * Content-Type can say anything, so neither decides what is stored and served as an image.
 */
export function sniffImageType(bytes: Uint8Array): UploadContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png'
  // RIFF <size> WEBP followed by a VP8 / VP8L / VP8X chunk.
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP' && ascii(bytes, 12, 15) === 'VP8') return 'image/webp'
  if (isAvif(bytes)) return 'image/avif'
  return undefined
}

/** ISO BMFF: the first box is `ftyp`; AVIF names itself in the major or a compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0)
  // Sizes 0 ("to end of file") and 1 (64-bit size) are legal in general but never used for ftyp.
  if (boxSize < 16 || boxSize > bytes.length || boxSize % 4 !== 0) return false
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true
  // Bytes 12..16 are the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true
  }
  return false
}

function startsWith(bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value)
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  if (bytes.length < end) return ''
  return String.fromCharCode(...bytes.subarray(start, end))
}
