import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react'
import { submitWith, useAppForm } from '~/components/form/app-form'
import { FieldRow, textControlProps, useFieldErrors } from '~/components/form/field-row'
import { focusFirstInvalid } from '~/components/form/focus'
import { inputClass } from '~/components/form/inputs'
import { useToast } from '~/components/toast'
import { useConfirm } from '~/components/confirm-dialog'
import { Button, ErrorAlert } from '~/components/ui'
import { POST_BODY_CLASS } from '~/features/blog/post-body'
import { LeaveDialog } from '~/features/editor/leave-dialog'
import { draftFieldPairs, TranslateDraftButton, type DraftPart } from '~/features/editor/translate-draft'
import { createMyPost, deleteMyPost, previewMyPost, updateMyPost } from '~/functions/posts.functions'
import type { Lang } from '~/lib/lang'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { afterPostChanged } from '~/queries/changes'
import { POST_SLUG_MAX_LENGTH, POST_SUMMARY_MAX_LENGTH, POST_TITLE_MAX_LENGTH, type Post, type PostPreview } from '~/schemas/posts'
import { EMPTY_POST_FORM, formToPost, postToForm, slugFromTitle, type PostFormValues } from './post-form-values'
import { usePostPhotoUpload } from './use-post-photo-upload'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

/*
 * Writing one post in the workspace (issue 28 items 1, 2 and 6): its kind (an article, or a
 * neighborhood guide with its place and the fair-housing note), its address, its text in Korean
 * and/or English with the rich-text editor, tags, a cover photo, and when it goes public. Saving
 * sends it to the same use case as the REST API; the server's field errors show beside their
 * fields. The preview is the server's sanitised text, so what the realtor reviews is what
 * visitors will read.
 */

// Tiptap and ProseMirror (~100 KB) load when a post is opened, never with the workspace's first
// download and never on a public page.
const RichTextEditor = lazy(() => import('./rich-text-editor'))

type TextFieldName = 'slug' | 'titleKo' | 'titleEn' | 'summaryKo' | 'summaryEn' | 'tags' | 'city' | 'state' | 'postalCode' | 'publishAtLocal'

/** The form's field a server error names (`publishAt` is typed as local time). */
const FORM_FIELD_OF: Partial<Record<string, keyof PostFormValues>> = { publishAt: 'publishAtLocal' }

export function PostForm({
  realtorId,
  desiredUrl,
  lang,
  post,
  onDone,
  onCancel,
}: WorkspacePanelProps & {
  post: Post | null
  onDone: (message: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const queryClient = useQueryClient()
  const baseId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, Array<string>>>({})
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [preview, setPreview] = useState<PostPreview | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [coverError, setCoverError] = useState('')
  const [coverBusy, setCoverBusy] = useState(false)
  const [done, setDone] = useState(false)
  // The body editor reads its HTML once, when it mounts: a translated draft mounts it anew.
  const [bodyVersions, setBodyVersions] = useState({ bodyKo: 0, bodyEn: 0 })
  const previewHeading = useRef<HTMLHeadingElement>(null)
  const uploadPhoto = usePostPhotoUpload(lang)
  const slugTouched = useRef(post !== null)
  const translateId = (id: string, values?: Record<string, string | number>) => i18n._(id, values)

  const form = useAppForm({
    defaultValues: post ? postToForm(post) : EMPTY_POST_FORM,
    onSubmit: async ({ value }) => {
      setFormError(undefined)
      const fields = formToPost(value, post?.status === 'published' ? post.publishAt : null)
      let saved: Post
      try {
        saved = post ? await updateMyPost({ data: { id: post.id, post: fields } }) : await createMyPost({ data: { ...fields, realtorId } })
      } catch (error) {
        const byField: Record<string, Array<string>> = {}
        for (const [field, messages] of Object.entries(errorFieldErrors(error, translateId))) byField[FORM_FIELD_OF[field] ?? field] = messages
        setServerErrors(byField)
        setFormError(errorMessage(error, translateId, t`The change could not be saved. Check your connection and try again.`))
        focusFirstInvalid(formRef.current)
        return
      }
      setDone(true)
      await afterPostChanged(queryClient, realtorId)
      const title = saved.titleKo ?? saved.titleEn ?? saved.slug
      onDone(
        saved.status === 'draft'
          ? t`“${title}” is saved as a draft.`
          : saved.status === 'scheduled'
            ? t`“${title}” is scheduled.`
            : t`“${title}” is published.`,
      )
    },
  })

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const dirty = useStore(form.store, (state) => state.isDirty)
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const kind = useStore(form.store, (state) => state.values.kind)
  const status = useStore(form.store, (state) => state.values.status)
  const coverPhotoUrl = useStore(form.store, (state) => state.values.coverPhotoUrl)
  const fieldErrors = useFieldErrors()
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !done,
    enableBeforeUnload: () => dirty && !done,
    withResolver: true,
  })

  const dropServerError = (name: string) => {
    if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  const textInput = (
    name: TextFieldName,
    label: ReactNode,
    options: { hint?: ReactNode; multiline?: boolean; maxLength?: number; type?: string; autoComplete?: string; className?: string } = {},
  ) => (
    <form.Field name={name}>
      {(field) => {
        const id = `${baseId}-${name}`
        const errors = fieldErrors(field.state.meta, submitted, serverErrors[name]?.[0])
        const common = {
          ...textControlProps(field, id, errors, {
            hint: Boolean(options.hint),
            onEdit: (value) => {
              dropServerError(name)
              if (name === 'slug') slugTouched.current = true
              // A new post's address follows its English title until the realtor edits it.
              if (name === 'titleEn' && !slugTouched.current) form.setFieldValue('slug', slugFromTitle(value))
            },
          }),
          maxLength: options.maxLength,
          'data-testid': `post-${name}`,
          className: inputClass,
        }
        return (
          <div className={options.className}>
            <FieldRow id={id} label={label} hint={options.hint} errors={errors}>
              {options.multiline ? (
                <textarea {...common} rows={3} />
              ) : (
                <input {...common} type={options.type ?? 'text'} autoComplete={options.autoComplete ?? 'off'} />
              )}
            </FieldRow>
          </div>
        )
      }}
    </form.Field>
  )

  const bodyEditor = (name: 'bodyKo' | 'bodyEn', label: ReactNode) => (
    <form.Field name={name}>
      {(field) => {
        const id = `${baseId}-${name}`
        const errors = fieldErrors(field.state.meta, submitted, serverErrors[name]?.[0])
        return (
          <div>
            <p id={`${id}-label`} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              {label}
            </p>
            <div className="mt-1">
              <Suspense
                fallback={
                  <p className="rounded-xl border border-stone-300 p-4 text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">
                    <Trans>Loading the editor…</Trans>
                  </p>
                }
              >
                <RichTextEditor
                  key={bodyVersions[name]}
                  initialHtml={field.state.value}
                  onChange={(html) => {
                    dropServerError(name)
                    field.handleChange(html)
                  }}
                  labelId={`${id}-label`}
                  describedBy={errors.length > 0 ? `${id}-error` : undefined}
                  invalid={errors.length > 0}
                  testId={`post-${name}`}
                  uploadImage={uploadPhoto}
                />
              </Suspense>
            </div>
            {errors.length > 0 ? (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {errors.join(' ')}
              </p>
            ) : null}
          </div>
        )
      }}
    </form.Field>
  )

  const languageBlock = (blockLang: Lang) => {
    const names =
      blockLang === 'ko'
        ? ({ title: 'titleKo', summary: 'summaryKo', body: 'bodyKo' } as const)
        : ({ title: 'titleEn', summary: 'summaryEn', body: 'bodyEn' } as const)
    return (
      <fieldset className="grid content-start gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900">
        <legend className="px-1 text-lg font-semibold text-stone-900 dark:text-stone-50">
          {blockLang === 'ko' ? <Trans>In Korean</Trans> : <Trans>In English</Trans>}
        </legend>
        {textInput(names.title, <Trans>Title</Trans>, { maxLength: POST_TITLE_MAX_LENGTH })}
        {textInput(names.summary, <Trans>Summary (optional)</Trans>, {
          multiline: true,
          maxLength: POST_SUMMARY_MAX_LENGTH,
          hint: <Trans>Shown on the post's card and to search engines.</Trans>,
        })}
        {bodyEditor(names.body, <Trans>Text</Trans>)}
        <TranslateDraftButton from={blockLang} parts={() => translationParts(blockLang)} testId={`post-translate-${blockLang}`} />
      </fieldset>
    )
  }

  /** The title, summary and text of one language, each with the other language's field its draft fills. */
  const translationParts = (sourceLang: Lang) => {
    const pairs = draftFieldPairs(sourceLang, ['title', 'summary', 'body'])
    return pairs.map(([source, target]): DraftPart => ({
      text: form.getFieldValue(source),
      target: form.getFieldValue(target),
      // The text is the editor's HTML: its paragraphs, links and emphasis come back around the translation.
      format: source.startsWith('body') ? 'html' : 'text',
      apply: (text: string) => {
        dropServerError(target)
        form.setFieldValue(target, text)
        // As typing it would: a new post's address follows its English title until the realtor edits it.
        if (target === 'titleEn' && !slugTouched.current) form.setFieldValue('slug', slugFromTitle(text))
        if (target === 'bodyKo' || target === 'bodyEn') setBodyVersions((versions) => ({ ...versions, [target]: versions[target] + 1 }))
      },
    }))
  }

  const uploadCover = async (file: File) => {
    setCoverBusy(true)
    setCoverError('')
    const uploaded = await uploadPhoto(file)
    setCoverBusy(false)
    if (!uploaded.ok) {
      setCoverError(uploaded.message)
      return
    }
    dropServerError('coverPhotoUrl')
    form.setFieldValue('coverPhotoUrl', uploaded.url)
  }

  const showPreview = async () => {
    setPreviewing(true)
    try {
      const values = form.state.values
      setPreview(await previewMyPost({ data: { realtorId, bodyKo: values.bodyKo || null, bodyEn: values.bodyEn || null } }))
      requestAnimationFrame(() => previewHeading.current?.focus())
    } catch (error) {
      toast.error(errorMessage(error, translateId, t`The preview could not be made. Check your connection and try again.`))
    } finally {
      setPreviewing(false)
    }
  }

  const confirm = useConfirm('post-delete-dialog')
  const askRemove = () => {
    if (!post) return
    const title = post.titleKo ?? post.titleEn ?? post.slug
    confirm.ask({
      title: t`Delete this post?`,
      consequence:
        post.status === 'draft'
          ? t`“${title}” is deleted for good, in both languages.`
          : t`“${title}” is deleted for good, in both languages, and its page on your homepage is gone.`,
      confirmLabel: t`Delete post`,
      keepLabel: t`Keep the post`,
      tone: 'danger',
      icon: 'trash',
      onConfirm: () => void remove(),
    })
  }
  const remove = async () => {
    if (!post) return
    try {
      await deleteMyPost({ data: { id: post.id } })
    } catch (error) {
      toast.error(errorMessage(error, translateId, t`The change could not be saved. Check your connection and try again.`))
      return
    }
    setDone(true)
    await afterPostChanged(queryClient, realtorId)
    const title = post.titleKo ?? post.titleEn ?? post.slug
    onDone(t`“${title}” is deleted.`)
  }

  const statusChoices: Array<{ value: PostFormValues['status']; label: string; hint: string }> = [
    { value: 'draft', label: t`Draft`, hint: t`Only you see it.` },
    { value: 'published', label: t`Published`, hint: t`Public now (or since it was published).` },
    { value: 'scheduled', label: t`Scheduled`, hint: t`Public from the time you choose, without you doing anything then.` },
  ]
  const slugHint = `/${desiredUrl}/blog/…`
  const coverId = `${baseId}-cover`
  const coverErrors = coverError ? [coverError] : (serverErrors.coverPhotoUrl ?? [])

  return (
    <div data-testid="post-form-panel">
      <h2 className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">{post ? <Trans>Edit post</Trans> : <Trans>New post</Trans>}</h2>
      <form ref={formRef} noValidate onSubmit={submitWith(form)} className="mt-4 grid gap-5" data-testid="post-form">
        <ErrorAlert testId="post-form-error" message={formError} />
        <div className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5 dark:border-stone-800 dark:bg-stone-900">
          <form.AppField name="kind">
            {(field) => (
              <field.SelectField
                label={<Trans>Kind</Trans>}
                options={[
                  { value: 'article', label: t`Article` },
                  { value: 'guide', label: t`Neighborhood guide` },
                ]}
                testId="post-kind"
                serverError={serverErrors.kind?.[0]}
                onEdit={() => dropServerError('kind')}
              />
            )}
          </form.AppField>
          {textInput('slug', <Trans>Address</Trans>, {
            maxLength: POST_SLUG_MAX_LENGTH,
            hint: (
              <>
                <Trans>Lowercase letters, digits and hyphens, e.g. irvine-schools-2026.</Trans> <span className="font-mono">{slugHint}</span>
              </>
            ),
          })}
          {kind === 'guide' ? (
            <>
              <div
                role="note"
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
                data-testid="fair-housing-note"
              >
                <p className="font-semibold">
                  <Trans>Fair housing: describe places, not people.</Trans>
                </p>
                <p className="mt-1">
                  <Trans>
                    Write about homes, streets, parks, schools' published programs, commutes and shops. Do not say who lives, or who should or should not live,
                    in the area: no race, color, religion, national origin, sex, disability or family status (for example “great for young families” or “a
                    Korean neighborhood”). The federal Fair Housing Act and California and Georgia law apply to what your site says.
                  </Trans>
                </p>
              </div>
              {textInput('city', <Trans>City</Trans>, { autoComplete: 'address-level2', maxLength: 100 })}
              <div className="grid grid-cols-2 gap-4">
                {textInput('state', <Trans>State</Trans>, { maxLength: 2, hint: <Trans>Two letters, e.g. CA</Trans>, autoComplete: 'address-level1' })}
                {textInput('postalCode', <Trans>ZIP code (optional)</Trans>, { maxLength: 5, autoComplete: 'postal-code' })}
              </div>
            </>
          ) : null}
        </div>

        <p className="text-sm text-stone-700 dark:text-stone-300">
          <Trans>Write in Korean, in English or in both. A post in one language is listed on the other language's pages with a note.</Trans>
        </p>
        <div className="grid gap-5 xl:grid-cols-2">
          {languageBlock('ko')}
          {languageBlock('en')}
        </div>

        <div className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5 dark:border-stone-800 dark:bg-stone-900">
          {textInput('tags', <Trans>Tags (optional)</Trans>, { hint: <Trans>Separated by commas, at most 10.</Trans> })}
          <div>
            <p id={`${coverId}-label`} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              <Trans>Cover photo (optional)</Trans>
            </p>
            {coverPhotoUrl ? (
              <div className="mt-1 flex items-center gap-3">
                <img
                  src={coverPhotoUrl}
                  alt=""
                  width={160}
                  height={90}
                  className="aspect-video w-40 rounded-lg object-cover"
                  data-testid="post-cover-preview"
                />
                <Button variant="ghost" size="md" onClick={() => form.setFieldValue('coverPhotoUrl', '')}>
                  <Trans>Remove cover photo</Trans>
                </Button>
              </div>
            ) : null}
            <input
              id={coverId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-labelledby={`${coverId}-label`}
              aria-invalid={coverErrors.length > 0}
              aria-describedby={coverErrors.length > 0 ? `${coverId}-error` : undefined}
              disabled={coverBusy}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) void uploadCover(file)
              }}
              className="mt-2 block w-full text-sm text-stone-800 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-medium dark:text-stone-200 dark:file:bg-stone-800 dark:file:text-stone-100"
              data-testid="post-cover-file"
            />
            {coverBusy ? (
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" role="status">
                <Trans>Uploading…</Trans>
              </p>
            ) : null}
            {coverErrors.length > 0 ? (
              <p id={`${coverId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {coverErrors.join(' ')}
              </p>
            ) : null}
          </div>
        </div>

        <fieldset className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900">
          <legend className="px-1 text-lg font-semibold text-stone-900 dark:text-stone-50">
            <Trans>Publication</Trans>
          </legend>
          <form.Field name="status">
            {(field) => (
              <div className="grid gap-2 sm:grid-cols-3">
                {statusChoices.map((choice) => (
                  <div
                    key={choice.value}
                    className="flex items-start gap-2 rounded-xl border border-stone-200 p-3 has-checked:border-stone-900 has-checked:bg-stone-50 dark:border-stone-700 dark:has-checked:border-stone-100 dark:has-checked:bg-stone-800"
                  >
                    <input
                      id={`${baseId}-status-${choice.value}`}
                      type="radio"
                      name="status"
                      value={choice.value}
                      checked={field.state.value === choice.value}
                      onChange={() => {
                        dropServerError('status')
                        field.handleChange(choice.value)
                      }}
                      aria-describedby={`${baseId}-status-${choice.value}-hint`}
                      className="mt-1 size-4 shrink-0"
                      data-testid={`post-status-${choice.value}`}
                    />
                    <div>
                      <label htmlFor={`${baseId}-status-${choice.value}`} className="block cursor-pointer font-medium text-stone-900 dark:text-stone-100">
                        {choice.label}
                      </label>
                      <p id={`${baseId}-status-${choice.value}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
                        {choice.hint}
                      </p>
                    </div>
                  </div>
                ))}
              </div>
            )}
          </form.Field>
          {status === 'scheduled'
            ? textInput('publishAtLocal', <Trans>Goes public on</Trans>, {
                type: 'datetime-local',
                hint: <Trans>In your device's time zone.</Trans>,
                className: 'max-w-xs',
              })
            : null}
        </fieldset>

        <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
          <Button type="submit" variant="brand" size="md" disabled={submitting} data-testid="post-save">
            {submitting ? <Trans>Saving…</Trans> : <Trans>Save post</Trans>}
          </Button>
          <Button variant="ghost" size="md" onClick={() => void showPreview()} disabled={previewing} data-testid="post-preview">
            <Trans>Preview</Trans>
          </Button>
          <Button variant="ghost" size="md" onClick={onCancel} data-testid="post-cancel">
            <Trans>Back to posts</Trans>
          </Button>
          {post ? (
            <Button variant="danger" size="md" className="ml-auto" onClick={askRemove} data-testid="post-delete">
              <Trans>Delete post</Trans>
            </Button>
          ) : null}
        </div>
      </form>
      {confirm.dialog}

      {preview ? (
        <section
          aria-labelledby={`${baseId}-preview`}
          className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
          data-testid="post-preview-panel"
        >
          <h2 id={`${baseId}-preview`} ref={previewHeading} tabIndex={-1} className="text-xl font-semibold text-stone-900 dark:text-stone-50">
            <Trans>Preview: the text as visitors will see it</Trans>
          </h2>
          {(['ko', 'en'] as const).map((previewLang) => {
            const html = previewLang === 'ko' ? preview.bodyKo : preview.bodyEn
            const title = previewLang === 'ko' ? form.state.values.titleKo : form.state.values.titleEn
            if (!html) return null
            return (
              <article key={previewLang} lang={previewLang} className="mt-6 border-t border-stone-200 pt-6 first-of-type:border-t-0 dark:border-stone-800">
                <h3 className="text-3xl font-bold tracking-tight text-stone-900 dark:text-stone-50">{title}</h3>
                {/* The server's sanitised output, as the public page inserts it (src/server/posts/post-html.ts). */}
                <div className={`mt-4 max-w-prose text-lg ${POST_BODY_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} />
              </article>
            )
          })}
        </section>
      ) : null}
      {blocker.status === 'blocked' ? <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} /> : null}
    </div>
  )
}
