import { createHash } from 'node:crypto'

/**
 * The SHA-256 (hex) of a text as sent for translation: a stored translation belongs to the
 * remarks that hash to its `source_hash`, whatever else an import rewrote.
 */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
