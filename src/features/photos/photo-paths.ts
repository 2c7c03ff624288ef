import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PhotoPath } from '~/schemas/photo'

/**
 * What each photo slot is for, in the realtor's words, with the size that looks right where
 * the homepage shows it (homepage.tsx and homepage-head.ts): square logos in the hero and the
 * header, 3:4 portraits beside "About", a 16:9 hero, 3:2 gallery tiles, the 1.91:1 image that
 * link previews use, and a square browser-tab icon.
 */
export const PHOTO_PATH_COPY: Record<PhotoPath, { title: MessageDescriptor; hint: MessageDescriptor }> = {
  logo: {
    title: msg`Logo`,
    hint: msg`Square, at least 256 × 256 px. A PNG with a transparent background looks best.`,
  },
  logo2: {
    title: msg`Second logo`,
    hint: msg`For example your brokerage's logo. Square, at least 256 × 256 px.`,
  },
  id: {
    title: msg`Profile photo`,
    hint: msg`A portrait of you, 3:4, at least 600 × 800 px.`,
  },
  id2: {
    title: msg`Second profile photo`,
    hint: msg`Another portrait, 3:4, at least 600 × 800 px.`,
  },
  top: {
    title: msg`Cover photo`,
    hint: msg`The wide photo at the top of your homepage, 16:9, at least 1600 × 900 px.`,
  },
  gallery: {
    title: msg`Gallery`,
    hint: msg`Landscape photos, 3:2, at least 1200 × 800 px. Add several at once and put them in order.`,
  },
  favicon: {
    title: msg`Browser tab icon`,
    hint: msg`Square, 512 × 512 px, simple enough to read at a small size.`,
  },
  ogImage: {
    title: msg`Link preview image`,
    hint: msg`Shown when your homepage is shared in chats and social media, 1200 × 630 px.`,
  },
}
