import { useLingui } from '@lingui/react/macro'
import type { StandardSchemaV1 } from '@tanstack/react-form'
import { useMemo } from 'react'
import type { z } from 'zod'
import type { TranslateMessage } from '~/lib/errors'
import { parseInWords } from '~/schemas/issue-messages'

/**
 * A form's schema as TanStack Form's validator, its issues already in words: a rule's own
 * message translated, and every other issue (a size, a format) our sentence naming the field
 * (issue 48) instead of zod's English one. The fields show the messages as they are.
 */
export function schemaInWords<TSchema extends z.ZodType>(schema: TSchema, translate: TranslateMessage): StandardSchemaV1<z.input<TSchema>, z.output<TSchema>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => {
        const result = parseInWords(schema, value, translate)
        return result.success ? { value: result.data } : { issues: result.issues }
      },
    },
  }
}

/** `schemaInWords` in the page's language. */
export function useSchemaInWords<TSchema extends z.ZodType>(schema: TSchema): StandardSchemaV1<z.input<TSchema>, z.output<TSchema>> {
  const { i18n } = useLingui()
  return useMemo(() => schemaInWords(schema, (id, values) => i18n._(id, values)), [schema, i18n])
}
