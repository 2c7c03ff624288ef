import { queryOptions } from '@tanstack/react-query'
import { fetchReplySettings } from '~/functions/lead-replies.functions'

/** A realtor's instant reply and digest settings: `['reply-settings', realtorId]`. */
export const replySettingsKeys = {
  all: ['reply-settings'] as const,
  realtor: (realtorId: string) => [...replySettingsKeys.all, realtorId] as const,
}

export function replySettingsQuery(realtorId: string) {
  return queryOptions({
    queryKey: replySettingsKeys.realtor(realtorId),
    queryFn: () => fetchReplySettings({ data: { realtorId } }),
  })
}
