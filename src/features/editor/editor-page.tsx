import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useBlocker, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { DeleteDialog } from '~/components/delete-dialog'
import { useToast } from '~/components/toast'
import { InboxViews, type InboxView } from '~/features/inbox/inbox-views'
import { RealtorFieldGroup } from '~/features/realtor-form/field-groups'
import { FIELD_GROUP_ORDER, realtorToForm, type RealtorFormValues } from '~/features/realtor-form/form-values'
import { PreviewPanel } from '~/features/realtor-form/preview-panel'
import { useRealtorForm, useRealtorValidation } from '~/features/realtor-form/use-realtor-form'
import { deleteMyRealtor, updateMyRealtor } from '~/functions/realtor.functions'
import { langParam, type Lang } from '~/lib/lang'
import { afterRealtorChanged } from '~/queries/changes'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import type { Realtor } from '~/schemas/realtor'
import { AccountZone } from './account-zone'
import { LeaveDialog } from './leave-dialog'
import { StatisticsPanel } from './statistics-panel'
import { ReplySettingsPanel } from '~/features/lead-replies/reply-settings-panel'
import { OpenHousesPanel } from '~/features/open-houses/open-houses-panel'
import { PostsPanel } from '~/features/posts/posts-panel'
import { CmaPanel } from '~/features/cma/cma-panel'
import { Button, buttonClass } from '~/components/ui'
import { submitWith } from '~/components/form/app-form'

export type EditorTab = 'homepage' | 'messages' | 'statistics' | 'replies' | 'open-houses' | 'posts' | 'cma'

/** The editor's tabs, in their order. */
const EDITOR_TAB_LINKS: ReadonlyArray<{ tab: EditorTab; label: MessageDescriptor }> = [
  { tab: 'homepage', label: msg`Homepage` },
  { tab: 'messages', label: msg`Lead desk` },
  { tab: 'statistics', label: msg`Statistics` },
  { tab: 'replies', label: msg`Instant reply` },
  { tab: 'open-houses', label: msg`Open houses` },
  { tab: 'posts', label: msg`Posts` },
  { tab: 'cma', label: msg`Market analysis` },
]

/** Moves focus to the first field with an error, so keyboard and screen-reader users find it. */
export function focusFirstError(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]')
  invalid?.focus()
}

/**
 * The editor (issue 5): every field of the realtor form in groups, a live preview, the
 * spec §8 notices as toasts, a guard against leaving with unsaved changes, and delete
 * with a typed confirmation. The inbox is the second tab, visitor statistics the third.
 */
export function EditorPage({
  realtor,
  lang,
  tab,
  inboxView = 'today',
  cmaId,
  cmaLeadId,
  accountEmail = null,
}: {
  realtor: Realtor
  lang: Lang
  tab: EditorTab
  inboxView?: InboxView
  /** The market analysis tab's open CMA, or the seller lead a new one starts from (issue 53). */
  cmaId?: string
  cmaLeadId?: string
  /** The signed-in account's address when it owns this homepage: only then is deleting the account offered. */
  accountEmail?: string | null
}) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const tabsRef = useRef<HTMLElement>(null)
  // On a phone the tab row scrolls: the open tab is brought to its middle (a link to ?tab=cma opens there).
  useEffect(() => {
    const nav = tabsRef.current
    const active = nav?.querySelector('[aria-current="page"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    const navBox = nav.getBoundingClientRect()
    const activeBox = active.getBoundingClientRect()
    nav.scrollLeft += activeBox.left - navBox.left - (navBox.width - activeBox.width) / 2
  }, [tab])
  const [current, setCurrent] = useState(realtor)
  const [uploading, setUploading] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const { errors, setErrors, validate } = useRealtorValidation()

  const form = useRealtorForm(realtorToForm(current), async (values: RealtorFormValues, reset) => {
    if (Object.keys(validate(values)).length > 0) {
      toast.error(t`Some fields need your attention.`)
      requestAnimationFrame(() => focusFirstError(formRef.current))
      return
    }
    let saved: Realtor
    try {
      saved = await updateMyRealtor({ data: { id: current.id, realtor: values } })
    } catch (error) {
      setErrors(errorFieldErrors(error, (id, values) => i18n._(id, values)))
      toast.error(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`))
      requestAnimationFrame(() => focusFirstError(formRef.current))
      return
    }
    setCurrent(saved)
    reset(realtorToForm(saved))
    await afterRealtorChanged(queryClient, { id: saved.id })
    toast.success(t`Successfully updated`)
    if (saved.desiredUrl !== realtor.desiredUrl) {
      await navigate({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl: saved.desiredUrl }, replace: true })
    }
  })

  const blocker = useBlocker({
    shouldBlockFn: () => form.state.isDirty && !form.state.isSubmitting && !deleting,
    enableBeforeUnload: () => form.state.isDirty,
    withResolver: true,
  })

  const remove = async () => {
    setDeleting(true)
    try {
      await deleteMyRealtor({ data: { id: current.id } })
    } catch (error) {
      setDeleting(false)
      toast.error(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`))
      return
    }
    toast.success(t`Successfully deleted`)
    await afterRealtorChanged(queryClient, { id: current.id, deleted: true })
    await navigate({ to: '/{-$lang}', params: { lang: langParam(lang) } })
  }

  const tabClass = (active: boolean, layout: string) => buttonClass(active ? 'primary' : 'ghost', 'md', layout)

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            <Trans>Edit your homepage</Trans>
          </h1>
          <p className="mt-1 text-stone-600 dark:text-stone-300">
            <Link
              to="/{-$lang}/$desiredUrl"
              params={{ lang: langParam(lang), desiredUrl: current.desiredUrl }}
              className="font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300"
            >
              /{current.desiredUrl}
            </Link>
          </p>
        </div>
        {/* One row that scrolls sideways on a phone (seven tabs would stack four rows high above the
            work), fading at its right edge so the tabs beyond it are seen to be there; wrapped on a
            wider screen. */}
        <nav
          ref={tabsRef}
          aria-label={t`Editor sections`}
          className="-mx-4 flex w-[calc(100%+2rem)] [mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)] gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:w-auto sm:flex-wrap sm:overflow-visible sm:[mask-image:none] sm:px-0 sm:pb-0"
        >
          {EDITOR_TAB_LINKS.map((link) => (
            <Link
              key={link.tab}
              to="/{-$lang}/$desiredUrl/admin"
              params={{ lang: langParam(lang), desiredUrl: current.desiredUrl }}
              search={{ tab: link.tab }}
              aria-current={tab === link.tab ? 'page' : undefined}
              className={tabClass(tab === link.tab, 'shrink-0 whitespace-nowrap')}
              data-testid={`tab-${link.tab}`}
            >
              {i18n._(link.label)}
            </Link>
          ))}
        </nav>
      </div>

      {tab === 'messages' ? (
        <div className="mt-8">
          <InboxViews realtorId={current.id} desiredUrl={current.desiredUrl} lang={lang} view={inboxView} />
        </div>
      ) : tab === 'replies' ? (
        <div className="mt-8">
          <ReplySettingsPanel realtor={current} lang={lang} />
        </div>
      ) : tab === 'statistics' ? (
        <div className="mt-8">
          <StatisticsPanel realtorId={current.id} desiredUrl={current.desiredUrl} lang={lang} />
        </div>
      ) : tab === 'posts' ? (
        <div className="mt-8">
          <PostsPanel realtorId={current.id} desiredUrl={current.desiredUrl} lang={lang} />
        </div>
      ) : tab === 'cma' ? (
        <div className="mt-8">
          <CmaPanel realtor={current} lang={lang} cmaId={cmaId} leadId={cmaLeadId} />
        </div>
      ) : tab === 'open-houses' ? (
        <div className="mt-8">
          <OpenHousesPanel realtorId={current.id} desiredUrl={current.desiredUrl} regions={current.activityRegion} lang={lang} />
        </div>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={submitWith(form)}
          className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
          data-testid="editor-form"
        >
          <div className="grid gap-6">
            {FIELD_GROUP_ORDER.map((group) => (
              <RealtorFieldGroup key={group} group={group} form={form} errors={errors} lang={lang} exceptId={current.id} onBusyChange={setUploading} />
            ))}
            <section aria-labelledby="danger-title" className="rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
              <h2 id="danger-title" className="text-lg font-semibold text-red-900 dark:text-red-200">
                <Trans>Delete your homepage</Trans>
              </h2>
              <p className="mt-1 text-sm text-red-900 dark:text-red-200">
                <Trans>This removes your homepage, its photos and its messages for good.</Trans>
              </p>
              <Button variant="danger" size="md" className="mt-4" onClick={() => setDeleteOpen(true)} data-testid="delete-open">
                <Trans>Delete homepage…</Trans>
              </Button>
            </section>
          </div>
          <div className="hidden lg:block">
            <div className="sticky top-4">
              <form.Subscribe selector={(state) => state.values}>
                {(values) => <PreviewPanel values={values} lang={lang} base={{ id: current.id }} />}
              </form.Subscribe>
            </div>
          </div>
          <div className="sticky bottom-0 z-20 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur lg:col-span-2 dark:border-stone-800 dark:bg-stone-950/95">
            <form.Subscribe selector={(state) => ({ dirty: state.isDirty, submitting: state.isSubmitting })}>
              {({ dirty, submitting }) => (
                <div className="flex flex-wrap items-center justify-end gap-3">
                  <p className="mr-auto text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
                    {uploading ? (
                      <Trans>Photos are still uploading…</Trans>
                    ) : dirty ? (
                      <Trans>You have unsaved changes.</Trans>
                    ) : (
                      <Trans>All changes saved.</Trans>
                    )}
                  </p>
                  <Button variant="brand" size="md" type="submit" disabled={submitting || uploading || !dirty} data-testid="editor-save">
                    {submitting ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
                  </Button>
                </div>
              )}
            </form.Subscribe>
          </div>
        </form>
      )}
      {tab === 'homepage' ? (
        // Outside the editor's form too: its dialog holds a form of its own.
        <div className="mt-6 grid gap-6 lg:max-w-[calc(100%-28rem)]">
          <AccountZone realtorId={current.id} lang={lang} accountEmail={accountEmail} />
        </div>
      ) : null}
      {/* Outside the editor's form: the dialog holds its own, and forms cannot nest. */}
      <DeleteDialog
        open={deleteOpen}
        expected={current.desiredUrl}
        title={<Trans>Delete this homepage?</Trans>}
        description={
          <>
            <Trans>This cannot be undone. Type the address of your homepage to confirm:</Trans> <strong className="font-mono">{current.desiredUrl}</strong>
          </>
        }
        label={<Trans>Homepage address</Trans>}
        confirmLabel={<Trans>Delete for good</Trans>}
        pending={deleting}
        onCancel={() => setDeleteOpen(false)}
        onClosed={() => setDeleteOpen(false)}
        onConfirm={() => void remove()}
        testIds={{ input: 'delete-confirm-input', confirm: 'delete-confirm' }}
      />
      {blocker.status === 'blocked' ? <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} /> : null}
    </div>
  )
}
