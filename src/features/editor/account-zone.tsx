import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type MouseEvent } from 'react'
import { DeleteDialog } from '~/components/delete-dialog'
import { buttonClass, Button } from '~/components/ui'
import { checkMyExport, deleteMyAccount } from '~/functions/account.functions'
import { localizedPath, type Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'

/** The REST path the ZIP comes from: the session cookie signs the request, so a plain link downloads it. */
export function exportPath(realtorId: string): string {
  return `/cozying-api/v1/realtors/${encodeURIComponent(realtorId)}/export`
}

/**
 * The realtor's data, theirs (issue 30 item 8): the export for the owner or an admin, and the
 * deletion of the account for its owner only (an admin editing someone's homepage must not be
 * offered to delete their own account from it). Beside the homepage's own delete, in the danger zone.
 */
export function AccountZone({ realtorId, lang, accountEmail }: { realtorId: string; lang: Lang; accountEmail: string | null }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()
  const exportLink = useRef<HTMLAnchorElement>(null)
  const exportChecked = useRef(false)
  const [exportChecking, setExportChecking] = useState(false)
  const [exportError, setExportError] = useState<string>()

  /*
   * The export's rate limit (decision 043) said on the page: a 429 on a download link would show
   * only as a failed download in the browser. The link asks first, then clicks itself again to
   * download; before hydration it downloads at once, and the server still enforces the limit.
   */
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (exportChecked.current) {
      exportChecked.current = false
      return
    }
    event.preventDefault()
    if (exportChecking) return
    setExportChecking(true)
    setExportError(undefined)
    try {
      await checkMyExport({ data: { realtorId } })
    } catch (failure) {
      setExportError(errorMessage(failure, (id) => i18n._(id), t`The export could not be made. Check your connection and try again.`))
      return
    } finally {
      setExportChecking(false)
    }
    exportChecked.current = true
    exportLink.current?.click()
  }

  const remove = async (email: string) => {
    setPending(true)
    setError(undefined)
    try {
      await deleteMyAccount({ data: { confirmEmail: email } })
    } catch (failure) {
      setPending(false)
      setError(errorMessage(failure, (id) => i18n._(id), t`Your account could not be deleted. Check your connection and try again.`))
      return
    }
    // A full load, not a client navigation: every cached query still holds the deleted account.
    window.location.assign(localizedPath(lang, '/'))
  }

  return (
    <>
      <section aria-labelledby="your-data-title" className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <h2 id="your-data-title" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Your data</Trans>
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
          <Trans>
            One ZIP file with your profile, reviews, every lead with its consent record (JSON and CSV), your posts, your statistics and your photos.
          </Trans>
        </p>
        <a
          ref={exportLink}
          href={exportPath(realtorId)}
          download
          className={buttonClass('secondary', 'md', 'mt-4')}
          aria-busy={exportChecking}
          aria-describedby={exportError ? 'export-error' : undefined}
          onClick={(event) => void download(event)}
          data-testid="export-download"
        >
          <Trans>Download all my data</Trans>
        </a>
        {exportError ? (
          <p id="export-error" role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300" data-testid="export-error">
            {exportError}
          </p>
        ) : null}
      </section>
      {accountEmail ? (
        <section aria-labelledby="delete-account-title" className="rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
          <h2 id="delete-account-title" className="text-lg font-semibold text-red-900 dark:text-red-200">
            <Trans>Delete your account</Trans>
          </h2>
          <p className="mt-1 text-sm text-red-900 dark:text-red-200">
            <Trans>
              This removes your sign-in, your homepage, every lead and consent record, your posts, statistics and photos for good. Download your data first.
            </Trans>
          </p>
          <Button variant="danger" size="md" className="mt-4" onClick={() => setOpen(true)} data-testid="delete-account-open">
            <Trans>Delete account…</Trans>
          </Button>
          <DeleteDialog
            open={open}
            expected={accountEmail}
            title={<Trans>Delete your account?</Trans>}
            description={
              <>
                <Trans>This cannot be undone. Type the e-mail address of your account to confirm:</Trans> <strong className="font-mono">{accountEmail}</strong>
              </>
            }
            label={<Trans>Account e-mail address</Trans>}
            confirmLabel={<Trans>Delete my account for good</Trans>}
            pending={pending}
            error={error}
            onCancel={() => setOpen(false)}
            onClosed={() => setOpen(false)}
            onConfirm={() => void remove(accountEmail)}
            testIds={{ dialog: 'delete-account-dialog', input: 'delete-account-input', confirm: 'delete-account-confirm' }}
          />
        </section>
      ) : null}
    </>
  )
}
