import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'

/*
 * Deleting one's own account (issue 30 item 8): `DELETE /account` and the workspace's
 * danger zone send the same body. Typing the account's e-mail address is the confirmation,
 * so a stray request or a click cannot erase a business.
 */

export const deleteAccountRequestSchema = z.object({
  confirmEmail: z
    .string({ error: messageId(msg`Type your account's e-mail address to confirm`) })
    .trim()
    .min(1, { error: messageId(msg`Type your account's e-mail address to confirm`) })
    .max(320),
})

export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>

export const deletedAccountSchema = z.object({
  userId: z.string(),
  /** The homepages removed with the account (an admin's account may own several). */
  realtorIds: z.array(z.string()),
  /** Stored files removed: photos, their thumbnails, and uploads never attached to a page. */
  deletedFiles: z.number().int().min(0),
})

export type DeletedAccount = z.infer<typeof deletedAccountSchema>

/** The workspace's question before "Download all my data" starts: may this realtor be exported now? */
export const exportCheckSchema = z.object({ realtorId: z.string().min(1).max(64) })

export type ExportCheck = z.input<typeof exportCheckSchema>
