import type { PhotoPath, UploadContentType } from '~/schemas/photo'
import type { FileRejection } from './photo-list'

/**
 * One file on its way to storage. A job leaves the list when its photo joins the realtor's
 * photos (or the realtor cancels it); while any job is listed, the photos are not ready to save.
 */
export type UploadJob = {
  id: number
  path: PhotoPath
  file: File
  contentType: UploadContentType
  /** preparing: asking for an upload URL · queued: waiting for a free slot · finishing: sent, waiting for the answer */
  status: 'preparing' | 'queued' | 'uploading' | 'finishing' | 'failed'
  sent: number
  total: number
  error?: string
}

/** Why a chosen file was not sent: the file's own fault, or no room for it. */
export type RejectionReason = FileRejection | 'unreadable' | 'no-room' | 'one-only'
export type Rejection = { name: string; size: number; reason: RejectionReason }

/** The refusals of one selection; `key` changes per selection so the alert is read again. */
export type RejectionNotice = { key: number; items: Array<Rejection> }
