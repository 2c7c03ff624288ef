import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type ReactNode } from 'react'
import { useAppForm } from '~/components/form/app-form'
import { describedBy, FieldRow, textControlProps, useFieldErrors } from '~/components/form/field-row'
import { useSchemaInWords } from '~/components/form/schema-in-words'
import { inputClass } from '~/components/form/inputs'
import { ErrorAlert, buttonClass } from '~/components/ui'
import { saveReplySettings } from '~/functions/lead-replies.functions'
import { formatPhoneInternational } from '~/lib/phone'
import { LANGUAGE_NAMES } from '~/lib/language-names'
import { TimeZonePicker } from './time-zone-picker'
import { draftFieldPairs, TranslateDraftButton } from '~/features/editor/translate-draft'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import {
  REPLY_PLACEHOLDERS,
  placeholdersLost,
  templateProblems,
  templateSegments,
  type ReplyPlaceholder,
  type ReplyValues,
  type TemplateProblem,
} from '~/lib/reply-placeholders'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { afterReplySettingsSaved } from '~/queries/changes'
import { replySettingsQuery } from '~/queries/lead-replies'
import { DIGEST_HOURS, replySettingsInputSchema, type ReplySettings, type ReplySettingsFormValues } from '~/schemas/lead-replies'
import type { Realtor } from '~/schemas/realtor'

/*
 * The editor's "Instant reply" tab (issue 26, decision 021): the reply every new lead gets, per
 * language, with its placeholders, a live preview and an on/off switch; and the realtor's daily
 * digest (language, time zone, hour, on/off). One form, validated by the schema the server
 * uses, errors beside their fields.
 */

type Props = { realtor: Realtor; lang: Lang }

type TemplateField = 'subjectKo' | 'bodyKo' | 'subjectEn' | 'bodyEn'

const PLACEHOLDER_HELP: Record<ReplyPlaceholder, MessageDescriptor> = {
  visitorName: msg`the visitor's name (or a polite greeting when none was given)`,
  realtorName: msg`your name in the visitor's language`,
  listingAddress: msg`the address of the home the request is about`,
  phone: msg`your phone number`,
  email: msg`your e-mail address`,
  website: msg`your homepage's address`,
}

/** The stored settings the form edits (not its realtor, default-wording flags or save time). */
function formValues({ replyEnabled, subjectKo, bodyKo, subjectEn, bodyEn, lang, timeZone, digestHour, digestEnabled }: ReplySettings): ReplySettingsFormValues {
  return { replyEnabled, subjectKo, bodyKo, subjectEn, bodyEn, lang, timeZone, digestHour, digestEnabled }
}

/** Every zone Intl knows, the current one first if it is missing (an older runtime). */
export function ReplySettingsPanel({ realtor, lang }: Props) {
  const { i18n } = useLingui()
  const query = useQuery(replySettingsQuery(realtor.id))
  const headingId = useId()
  const loadError = query.isError
    ? errorMessage(query.error, (id) => i18n._(id), i18n._(msg`The settings could not be loaded. Check your connection and try again.`))
    : undefined
  return (
    <section aria-labelledby={headingId} data-testid="reply-settings">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Instant reply</Trans>
      </h2>
      <p className="mt-2 max-w-3xl text-stone-700 dark:text-stone-300">
        <Trans>
          Every visitor who sends you a message, a tour request or a seller inquiry gets this e-mail from you within a minute, in the language they used. It
          only confirms their request: it never repeats what they wrote, goes only to the address they gave, at most once a day per address, and never to an
          address that bounced or unsubscribed.
        </Trans>
      </p>
      <ErrorAlert testId="reply-settings-error" message={loadError} onRetry={loadError ? () => void query.refetch() : undefined} />
      {query.data ? <ReplySettingsForm realtor={realtor} lang={lang} settings={query.data} /> : null}
      {query.isPending ? (
        <p className="mt-6 text-sm text-stone-600 dark:text-stone-300">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
    </section>
  )
}

function ReplySettingsForm({ realtor, lang, settings }: Props & { settings: ReplySettings }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [serverErrors, setServerErrors] = useState<Record<string, Array<string>>>({})
  const [status, setStatus] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null)
  const inputs = useRef<Partial<Record<TemplateField, HTMLInputElement | HTMLTextAreaElement | null>>>({})
  const lastFocused = useRef<Record<Lang, TemplateField>>({ ko: 'bodyKo', en: 'bodyEn' })

  const schema = useSchemaInWords(replySettingsInputSchema)
  const form = useAppForm({
    defaultValues: formValues(settings),
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      setStatus(null)
      try {
        const saved = await saveReplySettings({ data: { realtorId: realtor.id, settings: value } })
        afterReplySettingsSaved(queryClient, realtor.id, saved)
        // What was saved is the form's new starting point (trimmed, defaults resolved).
        form.reset(formValues(saved))
        setServerErrors({})
        setStatus({ kind: 'saved', text: t`Saved. New leads get this reply from now on.` })
      } catch (error) {
        setServerErrors(errorFieldErrors(error, (id, values) => i18n._(id, values)))
        setStatus({ kind: 'failed', text: errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`) })
      }
    },
  })

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const fieldErrors = useFieldErrors()
  const values = useStore(form.store, (state) => state.values)

  /** Puts `{name}` where the cursor was in the language's last-focused subject or body. */
  const insert = (templateLang: Lang, placeholder: ReplyPlaceholder) => {
    const field = lastFocused.current[templateLang]
    const element = inputs.current[field]
    const current = form.getFieldValue(field)
    const token = `{${placeholder}}`
    const start = element?.selectionStart ?? current.length
    const end = element?.selectionEnd ?? current.length
    form.setFieldValue(field, current.slice(0, start) + token + current.slice(end))
    requestAnimationFrame(() => {
      element?.focus()
      element?.setSelectionRange(start + token.length, start + token.length)
    })
  }

  const templateInput = (name: TemplateField, label: string, multiline: boolean, testId: string) => (
    <form.Field name={name}>
      {(field) => {
        const id = `reply-${name}`
        const errors = fieldErrors(field.state.meta, submitted, serverErrors[name]?.[0])
        // Every wrong spot at once, by name, while the field shows its error (issue 52 item 9).
        const problems = errors.length > 0 ? templateProblems(field.state.value) : []
        const problemsId = `${id}-problems`
        const control = textControlProps(field, id, errors, {
          onEdit: () => {
            if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest)
          },
        })
        const common = {
          ...control,
          'aria-describedby': [control['aria-describedby'], problems.length > 0 ? problemsId : undefined].filter(Boolean).join(' ') || undefined,
          onFocus: () => {
            lastFocused.current[name.endsWith('Ko') ? 'ko' : 'en'] = name
          },
          'data-testid': testId,
          className: inputClass,
        }
        return (
          <FieldRow id={id} label={label} errors={errors}>
            {multiline ? (
              <textarea
                {...common}
                ref={(element) => {
                  inputs.current[name] = element
                }}
                rows={10}
              />
            ) : (
              <input
                {...common}
                ref={(element) => {
                  inputs.current[name] = element
                }}
              />
            )}
            {problems.length > 0 ? <TemplateProblemList id={problemsId} template={field.state.value} problems={problems} /> : null}
          </FieldRow>
        )
      }}
    </form.Field>
  )

  /** One language's subject and text, each with the other language's field its draft fills (issue 54 item 4). */
  const translationParts = (sourceLang: Lang) => {
    const pairs = draftFieldPairs(sourceLang, ['subject', 'body'])
    return pairs.map(([source, target]) => ({
      text: form.getFieldValue(source),
      target: form.getFieldValue(target),
      apply: (text: string) => {
        // A subject is one line (the schema refuses a line break); a provider may add one.
        form.setFieldValue(target, target.startsWith('subject') ? text.replace(/\s*[\r\n]+\s*/g, ' ') : text)
        setServerErrors(({ [target]: _dropped, ...rest }) => rest)
      },
    }))
  }

  const insertLabel = (placeholder: ReplyPlaceholder, languageName: string) => {
    const token = `{${placeholder}}`
    return t`Insert ${token} into the ${languageName} reply`
  }

  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const sampleValues = (templateLang: Lang): ReplyValues => ({
    visitorName: templateLang === 'ko' ? '김지민' : 'Alex Kim',
    realtorName: realtorDisplayName(realtor, templateLang),
    listingAddress: '123 Main St, Irvine, CA',
    phone: realtor.contactPhone ? formatPhoneInternational(realtor.contactPhone, realtor.phoneCountryCode) : realtor.email,
    email: realtor.email,
    website: `${origin}${templateLang === 'en' ? '/en' : ''}/${realtor.desiredUrl}`,
  })

  const hours = new Intl.DateTimeFormat(LOCALE_TAG[lang], { hour: 'numeric', timeZone: 'UTC' })
  const hourLabel = (hour: number) => hours.format(new Date(Date.UTC(2026, 0, 1, hour)))

  return (
    <form
      noValidate
      className="mt-6 grid gap-8"
      data-testid="reply-settings-form"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="replyEnabled">
        {(field) => (
          <SettingCheckbox checked={field.state.value} onChange={field.handleChange} testId="reply-enabled">
            <Trans>Send an instant reply to every new lead</Trans>
          </SettingCheckbox>
        )}
      </form.Field>

      {(['ko', 'en'] as const).map((templateLang) => {
        const suffix = templateLang === 'ko' ? 'Ko' : 'En'
        const subjectField: TemplateField = `subject${suffix}`
        const bodyField: TemplateField = `body${suffix}`
        const languageName = i18n._(LANGUAGE_NAMES[templateLang])
        const preview = sampleValues(templateLang)
        return (
          <fieldset key={templateLang} className="grid gap-6 rounded-xl border border-stone-200 p-4 sm:p-6 lg:grid-cols-2 dark:border-stone-700">
            <legend className="px-2 text-lg font-semibold text-stone-900 dark:text-stone-50">{t`Reply in ${languageName}`}</legend>
            <div className="grid content-start gap-4">
              {templateInput(subjectField, t`Subject`, false, `reply-subject-${templateLang}`)}
              {templateInput(bodyField, t`Text`, true, `reply-body-${templateLang}`)}
              <div>
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  disabled={values[subjectField] === settings.defaults[templateLang].subject && values[bodyField] === settings.defaults[templateLang].body}
                  onClick={() => {
                    // Saved as the default, it follows our wording (and its later improvements) again.
                    form.setFieldValue(subjectField, settings.defaults[templateLang].subject)
                    form.setFieldValue(bodyField, settings.defaults[templateLang].body)
                    setServerErrors(({ [subjectField]: _subject, [bodyField]: _body, ...rest }) => rest)
                  }}
                  data-testid={`reply-restore-${templateLang}`}
                >
                  {t`Restore the default ${languageName} wording`}
                </button>
              </div>
              <TranslateDraftButton
                from={templateLang}
                testId={`reply-translate-${templateLang}`}
                parts={() => translationParts(templateLang)}
                warn={(drafts) => {
                  const lost = [...new Set(drafts.flatMap(({ source, draft }) => placeholdersLost(source, draft)))].map((name) => `{${name}}`).join(', ')
                  return lost ? t`Check the placeholders: the translation lost ${lost}.` : null
                }}
              />
              <div>
                <p className="text-sm font-medium text-stone-800 dark:text-stone-200">
                  <Trans>Placeholders: click one to insert it where the cursor is.</Trans>
                </p>
                <ul className="mt-2 grid gap-1">
                  {REPLY_PLACEHOLDERS.map((placeholder) => (
                    <li key={placeholder} className="flex flex-wrap items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
                      <button
                        type="button"
                        className={buttonClass('secondary', 'sm', 'font-mono')}
                        onClick={() => insert(templateLang, placeholder)}
                        aria-label={insertLabel(placeholder, languageName)}
                        data-testid={`insert-${templateLang}-${placeholder}`}
                      >
                        {`{${placeholder}}`}
                      </button>
                      <span>{i18n._(PLACEHOLDER_HELP[placeholder])}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <div className="min-w-0">
              <h3 className="text-sm font-medium text-stone-800 dark:text-stone-200">{t`Preview in ${languageName}, with sample values`}</h3>
              <div
                className="mt-1 rounded-lg border border-stone-200 bg-stone-50 p-4 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
                data-testid={`reply-preview-${templateLang}`}
                lang={templateLang}
              >
                <p className="font-semibold break-words" data-testid={`reply-preview-subject-${templateLang}`}>
                  <PreviewText template={values[subjectField]} values={preview} />
                </p>
                <p className="mt-3 text-sm break-words whitespace-pre-wrap" data-testid={`reply-preview-body-${templateLang}`}>
                  <PreviewText template={values[bodyField]} values={preview} />
                </p>
                <p className="mt-4 border-t border-stone-200 pt-3 text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">
                  <Trans>Footer added to every reply: your name, license number, brokerage and postal address.</Trans>
                </p>
              </div>
            </div>
          </fieldset>
        )
      })}

      <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2 sm:p-6 dark:border-stone-700">
        <legend className="px-2 text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Daily digest</Trans>
        </legend>
        <p className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300">
          <Trans>
            Once a day, an e-mail to you with the new leads of the last day, the follow-ups that are due and the tour requests waiting for your answer. No
            e-mail on a day with nothing to say.
          </Trans>
        </p>
        <form.Field name="digestEnabled">
          {(field) => (
            <SettingCheckbox checked={field.state.value} onChange={field.handleChange} testId="digest-enabled" className="sm:col-span-2">
              <Trans>Send me the daily digest</Trans>
            </SettingCheckbox>
          )}
        </form.Field>
        <form.AppField name="lang">
          {(field) => (
            <field.SelectField
              label={t`Language of the digest`}
              testId="digest-lang"
              options={[
                { value: 'ko', label: i18n._(LANGUAGE_NAMES.ko) },
                { value: 'en', label: i18n._(LANGUAGE_NAMES.en) },
              ]}
            />
          )}
        </form.AppField>
        <form.Field name="timeZone">
          {(field) => (
            <TimeZonePicker
              id="digest-time-zone"
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              errors={fieldErrors(field.state.meta, submitted, serverErrors.timeZone?.[0])}
              lang={lang}
            />
          )}
        </form.Field>
        <form.Field name="digestHour">
          {(field) => {
            const id = 'digest-hour'
            const errors = fieldErrors(field.state.meta, submitted, serverErrors.digestHour?.[0])
            return (
              <FieldRow id={id} label={t`Send it at`} errors={errors}>
                <select
                  id={id}
                  name="digestHour"
                  className={inputClass}
                  value={String(field.state.value)}
                  onChange={(event) => field.handleChange(Number(event.target.value))}
                  onBlur={field.handleBlur}
                  aria-invalid={errors.length > 0}
                  aria-describedby={describedBy(id, { errors })}
                  data-testid="digest-hour"
                >
                  {DIGEST_HOURS.map((hour) => (
                    <option key={hour} value={hour}>
                      {hourLabel(hour)}
                    </option>
                  ))}
                </select>
              </FieldRow>
            )
          }}
        </form.Field>
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <form.AppForm>
          <form.SubmitButton busyLabel={<Trans>Saving…</Trans>} testId="reply-settings-save">
            <Trans>Save</Trans>
          </form.SubmitButton>
        </form.AppForm>
        <p
          role="status"
          aria-live="polite"
          data-testid="reply-settings-status"
          className={status?.kind === 'failed' ? 'font-medium text-red-700 dark:text-red-300' : 'font-medium text-green-800 dark:text-green-300'}
        >
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  )
}

/** A setting that is on or off, its words as the checkbox's label. */
function SettingCheckbox({
  checked,
  onChange,
  testId,
  className = '',
  children,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  testId: string
  className?: string
  children: ReactNode
}) {
  return (
    <label className={`flex min-h-11 items-center gap-3 font-medium text-stone-900 dark:text-stone-100 ${className}`}>
      <input
        type="checkbox"
        className="size-5 accent-stone-900 dark:accent-stone-100"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      {children}
    </label>
  )
}

/** The preview's text: placeholders filled with sample values, each wrong spot marked as typed. */
function PreviewText({ template, values }: { template: string; values: ReplyValues }) {
  return (
    <>
      {templateSegments(template, values).map((segment, index) =>
        segment.wrong ? (
          <mark
            key={index}
            className="rounded bg-red-100 px-0.5 text-red-900 ring-1 ring-red-700 dark:bg-red-950 dark:text-red-100 dark:ring-red-400"
            data-testid="reply-preview-wrong"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  )
}

/** A few characters around a lone brace, so the realtor finds it in a long text. */
function around(template: string, problem: TemplateProblem): string {
  const before = template.slice(Math.max(0, problem.start - 12), problem.start).replace(/\s+/g, ' ')
  const after = template.slice(problem.end, problem.end + 12).replace(/\s+/g, ' ')
  return `${before}${template.slice(problem.start, problem.end)}${after}`.trim()
}

/** Each wrong spot of a template by name, with the placeholder it most likely meant. */
function TemplateProblemList({ id, template, problems }: { id: string; template: string; problems: Array<TemplateProblem> }) {
  const { t } = useLingui()
  return (
    <ul id={id} className="mt-2 grid list-disc gap-0.5 pl-5 text-sm text-red-800 dark:text-red-300" data-testid={`${id}`}>
      {problems.map((problem) => {
        if (problem.kind === 'unbalanced') {
          const excerpt = around(template, problem)
          return <li key={problem.start}>{t`A brace without its partner: “${excerpt}”`}</li>
        }
        const token = `{${problem.name}}`
        const meant = problem.suggestion ? `{${problem.suggestion}}` : undefined
        return <li key={problem.start}>{meant ? t`${token} is not a placeholder. Did you mean ${meant}?` : t`${token} is not a placeholder.`}</li>
      })}
    </ul>
  )
}
