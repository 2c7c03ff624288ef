import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Lang } from './lang'

/**
 * The languages we serve, named in the reader's language (issue 52 item 9): a Korean screen
 * says "언어: 영어", never "언어: English". Only a language picker a visitor reads before
 * choosing names each language in itself (the header's switch, the seller form's select).
 */
export const LANGUAGE_NAMES: Readonly<Record<Lang, MessageDescriptor>> = { ko: msg`Korean`, en: msg`English` }
