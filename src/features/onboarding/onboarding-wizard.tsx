import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useToast } from '~/components/toast'
import { focusFirstError } from '~/features/editor/editor-page'
import { RealtorFieldGroup } from '~/features/realtor-form/field-groups'
import { emptyRealtorForm, FIELD_GROUP_ORDER, FIELD_GROUPS, type FieldGroup, type RealtorFormValues } from '~/features/realtor-form/form-values'
import { useRealtorForm, useRealtorValidation, type FieldErrors } from '~/features/realtor-form/use-realtor-form'
import { createMyRealtor } from '~/functions/realtor.functions'
import { langParam, type Lang } from '~/lib/lang'
import { afterRealtorChanged } from '~/queries/changes'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import type { Realtor } from '~/schemas/realtor'
import { clearDraft, readDraft, writeDraft } from './draft'
import { Button } from '~/components/ui'

export const ONBOARDING_STEPS = FIELD_GROUP_ORDER

/** The first step holding any of these errors, so a server refusal leads the realtor there. */
export function stepOfErrors(errors: FieldErrors): number | undefined {
  const roots = new Set(Object.keys(errors).map((key) => key.split('.')[0] ?? ''))
  const index = ONBOARDING_STEPS.findIndex((step) => FIELD_GROUPS[step].some((field) => roots.has(field)))
  return index >= 0 ? index + 1 : undefined
}

/**
 * Onboarding at /process (issue 5): one group of the realtor form per step, each validated
 * with the shared schema before moving on. The step is in the URL, so the browser's back
 * and forward work; every change is kept as a draft in this browser, so a reload or a
 * closed tab loses nothing. The last step creates the homepage (201).
 */
export function OnboardingWizard({ lang, step, user }: { lang: Lang; step: number; user: { id: string; email: string } }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const container = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [uploading, setUploading] = useState(false)
  const [restored, setRestored] = useState(false)
  // Once published, the draft (personal data) must not be written back by a late change.
  const published = useRef(false)
  const { errors, setErrors, validate } = useRealtorValidation()
  const current = Math.min(Math.max(step, 1), ONBOARDING_STEPS.length)
  const group = ONBOARDING_STEPS[current - 1] ?? 'address'

  const goTo = (next: number) => navigate({ to: '/{-$lang}/process', params: { lang: langParam(lang) }, search: { step: next } })

  const form = useRealtorForm(emptyRealtorForm(user.email), async (values: RealtorFormValues) => {
    const found = validate(values)
    const firstBad = stepOfErrors(found)
    if (firstBad !== undefined) {
      toast.error(t`Some fields need your attention.`)
      if (firstBad !== current) await goTo(firstBad)
      requestAnimationFrame(() => focusFirstError(container.current))
      return
    }
    let created: Realtor
    try {
      created = await createMyRealtor({ data: values })
    } catch (error) {
      const fieldErrors = errorFieldErrors(error, (id, values) => i18n._(id, values))
      setErrors(fieldErrors)
      toast.error(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`))
      const stepWithError = stepOfErrors(fieldErrors)
      if (stepWithError !== undefined && stepWithError !== current) await goTo(stepWithError)
      return
    }
    published.current = true
    clearDraft(user.id)
    toast.success(t`Successfully registered`)
    await afterRealtorChanged(queryClient, { id: created.id })
    await navigate({ to: '/{-$lang}/$desiredUrl', params: { lang: langParam(lang), desiredUrl: created.desiredUrl } })
  })

  // Restore the draft once, in the browser (the server has no draft to render).
  useEffect(() => {
    const draft = readDraft(user.id)
    if (draft) form.reset(draft, { keepDefaultValues: true })
    // localStorage exists only in the browser, after hydration: the effect is the place to read it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true)
  }, [form, user.id])

  // Keep every change as the draft.
  useEffect(() => {
    if (!restored) return
    const subscription = form.store.subscribe(() => {
      if (!published.current) writeDraft(user.id, form.state.values)
    })
    return () => subscription.unsubscribe()
  }, [form, restored, user.id])

  // Each step starts at its heading, for keyboard and screen-reader users.
  useEffect(() => {
    heading.current?.focus()
  }, [current])

  const next = async () => {
    const found = validate(form.state.values, FIELD_GROUPS[group])
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(container.current))
      return
    }
    await goTo(current + 1)
  }

  const titles: Record<FieldGroup, ReactNode> = {
    address: <Trans>Your address</Trans>,
    contact: <Trans>How to reach you</Trans>,
    career: <Trans>License and career</Trans>,
    regions: <Trans>Where you work</Trans>,
    photos: <Trans>Photos</Trans>,
    about: <Trans>About you</Trans>,
    testimonials: <Trans>Client reviews</Trans>,
    design: <Trans>Design</Trans>,
    seo: <Trans>Search engines</Trans>,
    publish: <Trans>Publish</Trans>,
  }
  const groupProps = { form, errors, lang }
  const total = ONBOARDING_STEPS.length

  return (
    <div ref={container} className="mx-auto max-w-3xl">
      <p className="text-sm font-semibold text-blue-800 dark:text-blue-300" data-testid="wizard-progress">
        <Trans>
          Step {current} of {total}
        </Trans>
      </p>
      <h1 ref={heading} tabIndex={-1} className="mt-1 text-3xl font-bold tracking-tight text-stone-900 outline-none dark:text-stone-50">
        {titles[group]}
      </h1>
      <ol className="mt-4 flex gap-1" aria-label={t`Progress`}>
        {ONBOARDING_STEPS.map((item, index) => (
          <li key={item} className={`h-1.5 flex-1 rounded-full ${index < current ? 'bg-blue-700' : 'bg-stone-200 dark:bg-stone-700'}`}>
            <span className="sr-only">
              {index + 1}. {titles[item]}
              {index + 1 === current ? ` (${t`current step`})` : ''}
            </span>
          </li>
        ))}
      </ol>
      <form
        noValidate
        className="mt-8 grid gap-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (group === 'publish') void form.handleSubmit()
          else void next()
        }}
        data-testid="wizard-form"
      >
        <RealtorFieldGroup group={group} {...groupProps} onBusyChange={setUploading} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {current > 1 ? (
            <Button variant="outline" size="md" onClick={() => void goTo(current - 1)} data-testid="wizard-back">
              <Trans>Back</Trans>
            </Button>
          ) : (
            <span />
          )}
          {/*
           * Reviews are optional (issue 14). Skipping leaves none, so a half-typed review cannot
           * block publishing later; the button says so when there is something to discard.
           */}
          {group === 'testimonials' ? (
            <form.Subscribe selector={(state) => state.values.testimonials.length}>
              {(count) => (
                <Button
                  variant="ghost"
                  size="md"
                  className="ml-auto"
                  onClick={() => {
                    form.setFieldValue('testimonials', [])
                    setErrors({})
                    void goTo(current + 1)
                  }}
                  data-testid="wizard-skip"
                >
                  {count > 0 ? <Trans>Skip and discard these reviews</Trans> : <Trans>Skip this step</Trans>}
                </Button>
              )}
            </form.Subscribe>
          ) : null}
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button
                variant="brand"
                size="md"
                type="submit"
                disabled={submitting || uploading}
                data-testid={group === 'publish' ? 'wizard-publish' : 'wizard-next'}
              >
                {group === 'publish' ? submitting ? <Trans>Publishing…</Trans> : <Trans>Publish my homepage</Trans> : <Trans>Next</Trans>}
              </Button>
            )}
          </form.Subscribe>
        </div>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <Trans>Your progress is saved in this browser as you go.</Trans>
        </p>
      </form>
    </div>
  )
}
