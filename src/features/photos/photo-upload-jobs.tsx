import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Button, Icon, iconButtonClass } from '~/components/ui'
import type { Lang } from '~/lib/lang'
import { formatFileSize } from './photo-list'
import type { UploadJob } from './upload-job'

/* The uploads in progress, each with its progress bar, and retry or discard when one failed. */

const progressClass =
  'block h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-stone-800 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-stone-800 dark:[&::-webkit-progress-value]:bg-stone-200 dark:[&::-moz-progress-bar]:bg-stone-200'

/** A preview URL for a local file, revoked when the preview goes (or the file changes). */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob)
    // An object URL is a browser resource: made and revoked by the effect, never during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl)
    return () => {
      URL.revokeObjectURL(objectUrl)
      setUrl(undefined)
    }
  }, [blob])
  return url
}

function JobItem({ job, lang, onRetry, onCancel }: { job: UploadJob; lang: Lang; onRetry: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  const preview = useObjectUrl(job.file)
  const name = job.file.name
  // An element inside <Trans>, which would parse a string value for tags: a file is named as it is.
  const fileName = <>{name}</>
  const percent = job.total > 0 ? Math.round((job.sent / job.total) * 100) : 0
  const failed = job.status === 'failed'
  const measured = job.status === 'uploading' || job.status === 'finishing'
  const statusText = {
    preparing: t`Preparing…`,
    queued: t`Waiting…`,
    uploading: t`${percent}% uploaded`,
    finishing: t`Processing…`,
    failed: t`Upload failed`,
  }[job.status]
  return (
    <li
      className={`flex gap-3 rounded-xl border p-2.5 ${failed ? 'border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/40' : 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900'}`}
      data-testid="photo-upload-job"
      data-status={job.status}
    >
      <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800">
        {preview ? <img src={preview} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="truncate text-sm font-medium text-stone-900 dark:text-stone-100" title={name}>
            {name}
          </p>
          <p className={`text-xs ${failed ? 'font-medium text-red-700 dark:text-red-300' : 'text-stone-600 dark:text-stone-400'}`}>
            {formatFileSize(job.file.size, lang)} · {statusText}
          </p>
        </div>
        {failed ? (
          <>
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-200" data-testid="photo-upload-error">
              {job.error}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={onRetry} data-testid="photo-upload-retry">
                <Icon name="retry" />
                <Trans>
                  Retry <span className="sr-only">{fileName}</span>
                </Trans>
              </Button>
              <Button variant="secondary" onClick={onCancel} data-testid="photo-upload-discard">
                <Trans>
                  Discard <span className="sr-only">{fileName}</span>
                </Trans>
              </Button>
            </div>
          </>
        ) : (
          <div className="mt-2 flex items-center gap-2">
            {measured ? (
              <progress className={progressClass} max={job.total} value={job.sent} aria-label={t`Uploading ${name}`} />
            ) : (
              <progress className={progressClass} aria-label={job.status === 'queued' ? t`Waiting to upload ${name}` : t`Preparing to upload ${name}`} />
            )}
            <button type="button" onClick={onCancel} aria-label={t`Cancel upload of ${name}`} className={iconButtonClass('neutral', '-my-2')}>
              <Icon name="close" className="size-5" />
            </button>
          </div>
        )}
      </div>
    </li>
  )
}

export function JobList({
  jobs,
  lang,
  onRetry,
  onCancel,
}: {
  jobs: Array<UploadJob>
  lang: Lang
  onRetry: (id: number) => void
  onCancel: (id: number) => void
}) {
  const { t } = useLingui()
  if (jobs.length === 0) return null
  return (
    <ul aria-label={t`Uploads`} className="mt-3 grid gap-2">
      {jobs.map((job) => (
        <JobItem key={job.id} job={job} lang={lang} onRetry={() => onRetry(job.id)} onCancel={() => onCancel(job.id)} />
      ))}
    </ul>
  )
}
