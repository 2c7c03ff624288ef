import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { buttonClass } from '~/components/ui'
import { translateMyDraft } from '~/functions/translation.functions'
import type { Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import { draftTranslationStatusQuery } from '~/queries/translation'
import type { DraftTranslationResult } from '~/schemas/draft-translation'
import type { TextFormat } from '~/schemas/translation'

/*
 * "Translate to English / 한국어로 번역" beside the realtor's own writing (issue 54 item 4,
 * decision 072): the texts of one language go to the provider through the server, and their
 * drafts fill the other language's fields of the form. Nothing is saved: the realtor reads,
 * edits and saves the form as always, and one press of "Undo" puts back what the fields held.
 * The outcome is announced (a polite live region beside the button). Hidden where the site has
 * no translation provider: a button no realtor can make work is only noise.
 */

/** One field to translate: its text now, the other language's field's text now, and how a draft reaches that field. */
export type DraftPart = { text: string; target: string; apply: (text: string) => void; format?: TextFormat }

/**
 * The fields of a form written in both languages (`titleKo`/`titleEn`, …), as pairs from the
 * language written (`from`) to the one its draft fills.
 */
export function draftFieldPairs<const Base extends string>(
  from: Lang,
  bases: ReadonlyArray<Base>,
): Array<readonly [`${Base}Ko` | `${Base}En`, `${Base}Ko` | `${Base}En`]> {
  return bases.map((base) => {
    const ko = `${base}Ko` as const
    const en = `${base}En` as const
    return from === 'ko' ? ([ko, en] as const) : ([en, ko] as const)
  })
}

type Outcome = { kind: 'done' | 'failed' | 'undone'; text: string }

export function TranslateDraftButton({
  from,
  parts,
  warn,
  testId,
}: {
  /** The language of the texts; they are translated into the other one. */
  from: Lang
  /** Read at the press, so the latest text goes. Empty texts are skipped. */
  parts: () => ReadonlyArray<DraftPart>
  /** A warning about the drafts (the templates' placeholders), shown with the success; null when none. */
  warn?: (drafts: ReadonlyArray<{ source: string; draft: string }>) => string | null
  testId: string
}) {
  const { t, i18n } = useLingui()
  const status = useQuery(draftTranslationStatusQuery())
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // What the press replaced, for Undo; cleared by the next press.
  const undo = useRef<(() => void) | null>(null)
  const [canUndo, setCanUndo] = useState(false)
  const statusId = useId()
  const to: Lang = from === 'ko' ? 'en' : 'ko'

  if (!status.data?.available) return null

  const failure = (result: Extract<DraftTranslationResult, { ok: false }>): string => {
    switch (result.reason) {
      case 'off':
        return t`Translation is not set up on this site.`
      case 'budget':
        return t`Today's translation allowance for this site is used up. Try again tomorrow, or write the translation yourself.`
      case 'rate_limited': {
        if (result.retryAfterSeconds === undefined) return t`You have translated a lot in the last hour. Try again later.`
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60))
        return t({
          message: plural(minutes, {
            one: 'You have translated a lot in the last hour. Try again in # minute.',
            other: 'You have translated a lot in the last hour. Try again in # minutes.',
          }),
        })
      }
      case 'provider':
        return t`The translation service did not answer. Try again in a few minutes, or write the translation yourself.`
    }
  }

  const press = async () => {
    if (busy) return
    const wanted = parts().filter((part) => part.text.trim() !== '')
    undo.current = null
    setCanUndo(false)
    if (wanted.length === 0) {
      setOutcome({
        kind: 'failed',
        text: from === 'ko' ? t`Write the Korean text first, then translate it.` : t`Write the English text first, then translate it.`,
      })
      return
    }
    setBusy(true)
    setOutcome(null)
    try {
      const results = await Promise.all(wanted.map((part) => translateMyDraft({ data: { text: part.text, from, to, format: part.format } })))
      const failed = results.find((result) => !result.ok)
      if (failed && !failed.ok) {
        setOutcome({ kind: 'failed', text: failure(failed) })
        return
      }
      // All or nothing: a form half in the old text and half translated would be worse than either.
      const drafts = results.flatMap((result) => (result.ok ? [result.text] : []))
      wanted.forEach((part, index) => part.apply(drafts[index] ?? part.target))
      undo.current = () => wanted.forEach((part) => part.apply(part.target))
      setCanUndo(true)
      const done =
        to === 'en'
          ? t`The English fields now hold a machine translation. Check it and correct it, then save.`
          : t`The Korean fields now hold a machine translation. Check it and correct it, then save.`
      const warning = warn?.(wanted.map((part, index) => ({ source: part.text, draft: drafts[index] ?? '' })))
      setOutcome({ kind: 'done', text: warning ? `${done} ${warning}` : done })
    } catch (error) {
      setOutcome({ kind: 'failed', text: errorMessage(error, (id) => i18n._(id), t`The translation could not be made. Check your connection and try again.`) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid={testId}>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        // Not `disabled`: a disabled button drops the keyboard focus in the middle of the press.
        aria-disabled={busy}
        aria-describedby={statusId}
        onClick={() => void press()}
        data-testid={`${testId}-button`}
      >
        {busy ? <Trans>Translating…</Trans> : to === 'en' ? <Trans>Translate to English</Trans> : <Trans>Translate to Korean</Trans>}
      </button>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={`min-w-0 flex-1 basis-60 text-sm ${outcome?.kind === 'failed' ? 'font-medium text-red-700 dark:text-red-300' : 'text-stone-700 dark:text-stone-300'}`}
        data-testid={`${testId}-status`}
      >
        {outcome?.text ?? ''}
      </p>
      {canUndo ? (
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          onClick={() => {
            undo.current?.()
            undo.current = null
            setCanUndo(false)
            setOutcome({ kind: 'undone', text: t`The fields are back as they were before the translation.` })
          }}
          data-testid={`${testId}-undo`}
        >
          <Trans>Undo translation</Trans>
        </button>
      ) : null}
    </div>
  )
}
