import type { MessageDescriptor } from '@lingui/core'

/**
 * zod issues carry the Lingui message id, not English text: the same schema then serves
 * the browser form and the REST API, and each translates the id where it is shown.
 */
export function messageId(descriptor: MessageDescriptor): string {
  return descriptor.id
}
