import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type FormEvent } from 'react'
import {
  AgreementLink,
  HoneypotField,
  usePublicPath,
  useVisitorSubmission,
  VisitorField,
  VisitorFormDisclosure,
  type VisitorFormRealtor,
  VisitorPostForm,
  VisitorEmailInput,
  VisitorInput,
  VisitorSubmitButton,
  visitorInputClass,
} from '~/components/visitor-form'
import { consentText, consentWording, CURRENT_CONSENT, isSameSitePath } from '~/lib/consent'
import { SAVED_SEARCH_FORM_ACTIONS } from '~/lib/saved-search-pages'
import { frequencyLabel, SAVED_SEARCH_FREQUENCIES, savedSearchInWords, type SavedSearchFilters, type SavedSearchFrequency } from '~/lib/saved-search-words'
import { fieldByHead, postVisitorForm } from '~/lib/visitor-form-post'
import { saveSearchHiddenValues } from './search-filters'

/*
 * "Save this search" (issue 13): a visitor leaves an e-mail address and gets the realtor's new
 * listings that match the search they are looking at. It is on the homepage's first download,
 * so it carries no zod, TanStack Form or auth client: the server validates (decision 017) and
 * this form only checks that an address was typed.
 *
 * Without scripts it is a plain urlencoded form posted to the API, answered with a 303 to the
 * realtor's `alerts/saved` page. `/cozying-api/…` is a machine path, never rewritten on a
 * realtor's own domain (src/lib/own-domain-paths.ts), so the same action works there.
 * With scripts the same fields go as JSON and the answer is shown in place.
 *
 * The markup depends only on the page's address and the realtor, never on the visitor: the
 * homepage is served from the page store (decision 009).
 */

/** The fields the visitor types; errors of the hidden ones go in the general message. */
const SAVE_SEARCH_FIELDS = ['email', 'name', 'frequency'] as const
type SaveSearchField = (typeof SAVE_SEARCH_FIELDS)[number]
const saveSearchFieldOf = fieldByHead(SAVE_SEARCH_FIELDS)

/**
 * A disclosure ("Get e-mail alerts for this search") holding the form. <details> opens without
 * scripts too, so the form is reachable on a page whose scripts never ran.
 */
export function SaveSearchForm({
  realtorId,
  realtorName,
  desiredUrl,
  lang,
  filters,
  testId = 'save-search',
}: VisitorFormRealtor & {
  /** What will be saved: the search the visitor is looking at. */
  filters: SavedSearchFilters
  testId?: string
}) {
  const { t, i18n } = useLingui()
  const formId = useId()
  const consentPage = usePublicPath()
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('daily')
  const [honeypot, setHoneypot] = useState('')
  const { submission, fieldErrors, errorId, invalid, describedBy, refuseLocally, reset, send } = useVisitorSubmission<SaveSearchField>(testId)
  const emailRef = useRef<HTMLInputElement>(null)

  const wording = consentWording(CURRENT_CONSENT.savedSearch, 'savedSearch')
  const words = savedSearchInWords(i18n, filters)
  const id = (field: string) => `${formId}-${field}`
  const hidden = saveSearchHiddenValues({ realtorId, lang, filters, consentPage })
  // A change of search is a new search to save: the answer about the last one goes away.
  const [answeredFor, setAnsweredFor] = useState(words)
  if (answeredFor !== words) {
    setAnsweredFor(words)
    reset()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submission.kind === 'sending') return
    const address = email.trim()
    if (address === '' || !/^[^\s@]+@[^\s@]+$/.test(address)) {
      refuseLocally({ email: [address === '' ? t`Enter an e-mail address` : t`Enter a valid e-mail address`] })
      emailRef.current?.focus()
      return
    }
    const body: Record<string, string> = Object.fromEntries(hidden.filter(([, value]) => value !== ''))
    // The page is named by its path alone, as the browser shows it now.
    if (isSameSitePath(window.location.pathname)) body.consentPage = window.location.pathname
    Object.assign(body, { email: address, frequency }, name.trim() ? { name: name.trim() } : {}, honeypot ? { website: honeypot } : {})
    const failure = await send(() => postVisitorForm(SAVED_SEARCH_FORM_ACTIONS.save, body, { lang, accepted: 202, fieldOf: saveSearchFieldOf }), {
      refused: t`Your search could not be saved. Please try again.`,
      unreachable: t`Your search could not be saved. Check your connection and try again.`,
    })
    if (failure?.fields.email) emailRef.current?.focus()
  }

  return (
    <VisitorFormDisclosure
      testId={testId}
      summary={<Trans>Get e-mail alerts for this search</Trans>}
      intro={
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <Trans>We'll e-mail you when new homes match:</Trans>{' '}
          <strong className="font-semibold text-stone-900 dark:text-stone-100" data-testid={`${testId}-words`}>
            {words}
          </strong>
        </p>
      }
      sentMessage={<Trans>Check your e-mail: open the link we sent to confirm, and the alerts will start.</Trans>}
      submission={submission}
      failureId={id('failure')}
    >
      <VisitorPostForm action={SAVED_SEARCH_FORM_ACTIONS.save} onSubmit={submit} submission={submission} failureId={id('failure')} testId={`${testId}-form`}>
        {hidden.map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <VisitorEmailInput
          ref={emailRef}
          id={id('email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={fieldErrors.email}
          errorId={errorId('email')}
          data-testid={`${testId}-email`}
        />
        <VisitorInput
          id={id('name')}
          name="name"
          label={<Trans>Name</Trans>}
          optional
          autoComplete="name"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          errors={fieldErrors.name}
          errorId={errorId('name')}
        />
        <div className="sm:col-span-2">
          <VisitorField id={id('frequency')} errors={fieldErrors.frequency} errorId={errorId('frequency')} label={<Trans>How often</Trans>}>
            <select
              id={id('frequency')}
              name="frequency"
              value={frequency}
              onChange={(event) => setFrequency(SAVED_SEARCH_FREQUENCIES.find((value) => value === event.target.value) ?? 'daily')}
              aria-invalid={invalid('frequency')}
              aria-describedby={describedBy('frequency')}
              className={visitorInputClass}
              data-testid={`${testId}-frequency`}
            >
              {SAVED_SEARCH_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {i18n._(frequencyLabel(value))}
                </option>
              ))}
            </select>
          </VisitorField>
        </div>
        <HoneypotField id={id('website')} value={honeypot} onChange={setHoneypot} />
        {/* The very words the server stores with the search (src/lib/consent.ts), from the same message. */}
        <p id={id('consent')} className="text-sm text-stone-700 sm:col-span-2 dark:text-stone-300" data-testid={`${testId}-consent`}>
          {wording ? consentText(i18n, wording, { realtor: realtorName }) : null}{' '}
          <AgreementLink lang={lang} desiredUrl={desiredUrl}>
            <Trans>Privacy notice</Trans>
          </AgreementLink>
        </p>
        <VisitorSubmitButton
          sending={submission.kind === 'sending'}
          idle={<Trans>Save this search</Trans>}
          busy={<Trans>Saving…</Trans>}
          describedBy={id('consent')}
          testId={`${testId}-submit`}
        />
      </VisitorPostForm>
    </VisitorFormDisclosure>
  )
}
