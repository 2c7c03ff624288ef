import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useBlocker, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import { InboxPanel } from '~/features/inbox/inbox-panel'
import {
  AboutFields,
  AddressFields,
  CareerFields,
  ContactFields,
  DesignFields,
  PhotosFields,
  PublishFields,
  RegionsFields,
  SeoFields,
} from '~/features/realtor-form/field-groups'
import { realtorToForm, type RealtorFormValues } from '~/features/realtor-form/form-values'
import { PreviewPanel } from '~/features/realtor-form/preview-panel'
import { useRealtorForm, useRealtorValidation } from '~/features/realtor-form/use-realtor-form'
import { deleteMyRealtor, updateMyRealtor } from '~/functions/realtor.functions'
import { langParam, type Lang } from '~/lib/lang'
import type { Realtor } from '~/schemas/realtor'
import { DeleteDialog } from './delete-dialog'
import { LeaveDialog } from './leave-dialog'

export type EditorTab = 'homepage' | 'messages'

/** Moves focus to the first field with an error, so keyboard and screen-reader users find it. */
export function focusFirstError(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]')
  invalid?.focus()
}

/**
 * The editor (issue 5): every field of the realtor form in groups, a live preview, the
 * spec §8 notices as toasts, a guard against leaving with unsaved changes, and delete
 * with a typed confirmation. The inbox is the second tab.
 */
export function EditorPage({ realtor, lang, tab }: { realtor: Realtor; lang: Lang; tab: EditorTab }) {
  const { t } = useLingui()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [current, setCurrent] = useState(realtor)
  const [uploading, setUploading] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const { errors, setErrors, validate } = useRealtorValidation()

  const form = useRealtorForm(realtorToForm(current), async (values: RealtorFormValues, reset) => {
    if (Object.keys(validate(values)).length > 0) {
      toast.error(t`Some fields need your attention.`)
      requestAnimationFrame(() => focusFirstError(formRef.current))
      return
    }
    const result = await updateMyRealtor({ data: { lang, id: current.id, patch: values } })
    if (!result.ok) {
      setErrors(result.error.fieldErrors ?? {})
      toast.error(result.error.message)
      requestAnimationFrame(() => focusFirstError(formRef.current))
      return
    }
    setCurrent(result.data)
    reset(realtorToForm(result.data))
    await queryClient.invalidateQueries({ queryKey: ['realtor'] })
    toast.success(t`Successfully updated`)
    if (result.data.desiredUrl !== realtor.desiredUrl) {
      await navigate({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl: result.data.desiredUrl }, replace: true })
    }
  })

  const blocker = useBlocker({
    shouldBlockFn: () => form.state.isDirty && !form.state.isSubmitting && !deleting,
    enableBeforeUnload: () => form.state.isDirty,
    withResolver: true,
  })

  const remove = async () => {
    setDeleting(true)
    const result = await deleteMyRealtor({ data: { lang, id: current.id } })
    if (!result.ok) {
      setDeleting(false)
      toast.error(result.error.message)
      return
    }
    toast.success(t`Successfully deleted`)
    await queryClient.invalidateQueries()
    await navigate({ to: '/{-$lang}', params: { lang: langParam(lang) } })
  }

  const tabClass = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full px-5 font-medium ${active ? 'bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900' : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800'}`

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            <Trans>Edit your homepage</Trans>
          </h1>
          <p className="mt-1 text-stone-600 dark:text-stone-300">
            <Link to="/{-$lang}/$desiredUrl" params={{ lang: langParam(lang), desiredUrl: current.desiredUrl }} className="font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300">
              /{current.desiredUrl}
            </Link>
          </p>
        </div>
        <nav aria-label={t`Editor sections`} className="flex gap-1">
          <Link to="/{-$lang}/$desiredUrl/admin" params={{ lang: langParam(lang), desiredUrl: current.desiredUrl }} search={{ tab: 'homepage' }} aria-current={tab === 'homepage' ? 'page' : undefined} className={tabClass(tab === 'homepage')}>
            <Trans>Homepage</Trans>
          </Link>
          <Link to="/{-$lang}/$desiredUrl/admin" params={{ lang: langParam(lang), desiredUrl: current.desiredUrl }} search={{ tab: 'messages' }} aria-current={tab === 'messages' ? 'page' : undefined} className={tabClass(tab === 'messages')} data-testid="tab-messages">
            <Trans>Messages</Trans>
          </Link>
        </nav>
      </div>

      {tab === 'messages' ? (
        <div className="mt-8">
          <InboxPanel realtorId={current.id} lang={lang} />
        </div>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void form.handleSubmit()
          }}
          className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
          data-testid="editor-form"
        >
          <div className="grid gap-6">
            <AddressFields form={form} errors={errors} lang={lang} exceptId={current.id} />
            <ContactFields form={form} errors={errors} lang={lang} />
            <CareerFields form={form} errors={errors} lang={lang} />
            <RegionsFields form={form} errors={errors} lang={lang} />
            <PhotosFields form={form} errors={errors} lang={lang} onBusyChange={setUploading} />
            <AboutFields form={form} errors={errors} lang={lang} />
            <DesignFields form={form} errors={errors} lang={lang} />
            <SeoFields form={form} errors={errors} lang={lang} />
            <PublishFields form={form} errors={errors} lang={lang} />
            <section aria-labelledby="danger-title" className="rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
              <h2 id="danger-title" className="text-lg font-semibold text-red-900 dark:text-red-200">
                <Trans>Delete your homepage</Trans>
              </h2>
              <p className="mt-1 text-sm text-red-900 dark:text-red-200">
                <Trans>This removes your homepage, its photos and its messages for good.</Trans>
              </p>
              <DeleteDialog desiredUrl={current.desiredUrl} onConfirm={() => void remove()} busy={deleting} />
            </section>
          </div>
          <div className="hidden lg:block">
            <div className="sticky top-4">
              <form.Subscribe selector={(state) => state.values}>{(values) => <PreviewPanel values={values} lang={lang} base={{ id: current.id, userId: current.userId }} />}</form.Subscribe>
            </div>
          </div>
          <div className="sticky bottom-0 z-20 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur lg:col-span-2 dark:border-stone-800 dark:bg-stone-950/95">
            <form.Subscribe selector={(state) => ({ dirty: state.isDirty, submitting: state.isSubmitting })}>
              {({ dirty, submitting }) => (
                <div className="flex flex-wrap items-center justify-end gap-3">
                  <p className="mr-auto text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
                    {uploading ? <Trans>Photos are still uploading…</Trans> : dirty ? <Trans>You have unsaved changes.</Trans> : <Trans>All changes saved.</Trans>}
                  </p>
                  <button
                    type="submit"
                    disabled={submitting || uploading || !dirty}
                    className="inline-flex min-h-11 items-center rounded-full bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800 disabled:opacity-50"
                    data-testid="editor-save"
                  >
                    {submitting ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
                  </button>
                </div>
              )}
            </form.Subscribe>
          </div>
        </form>
      )}
      {blocker.status === 'blocked' ? <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} /> : null}
    </div>
  )
}
