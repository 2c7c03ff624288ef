import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { changeLead } from '~/functions/leads.functions'
import { dateTimeFormat } from '~/lib/date-time-format'
import { errorMessage } from '~/lib/errors'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { afterLeadChanged } from '~/queries/changes'
import type { LeadItem as Lead, LeadStage, LeadUpdateBody } from '~/schemas/leads'
import type { SaveState } from './lead-item'

/**
 * What every list of the desk ("Today", "All leads") does with its leads: open and close them,
 * save a stage, a follow-up day or the visitor's language as it is chosen (with a status line per lead), and format
 * dates in the page's language. The props of a `LeadItem` but the lead itself.
 */
export function useLeadChanges(realtorId: string, lang: Lang) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [saves, setSaves] = useState<ReadonlyMap<string, SaveState>>(() => new Map())
  const dateTime = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' })
  // A follow-up day is a calendar day, not an instant: formatted as the day it names.
  const dayFormat = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeZone: 'UTC' })

  function setSave(id: string, save: SaveState) {
    setSaves((current) => new Map(current).set(id, save))
  }

  const changeMutation = useMutation({
    mutationFn: (input: { id: string; change: LeadUpdateBody }) => changeLead({ data: { id: input.id, change: input.change, viewerLang: lang } }),
    onMutate: (input) => setSave(input.id, { state: 'saving' }),
    onSuccess: async (updated) => {
      setSave(updated.id, { state: 'saved' })
      await afterLeadChanged(queryClient, realtorId, updated)
    },
    onError: (error, input) =>
      setSave(input.id, {
        state: 'failed',
        message: errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`),
      }),
  })

  function toggle(lead: Lead) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(lead.id)) next.delete(lead.id)
      else next.add(lead.id)
      return next
    })
  }

  return (lead: Lead) => ({
    lead,
    realtorId,
    expanded: expanded.has(lead.id),
    save: saves.get(lead.id),
    onToggle: () => toggle(lead),
    onStageChange: (stage: LeadStage) => changeMutation.mutate({ id: lead.id, change: { stage } }),
    onFollowUpChange: (nextFollowUp: string | null) => changeMutation.mutate({ id: lead.id, change: { nextFollowUp } }),
    onLangChange: (visitorLang: Lang) => changeMutation.mutate({ id: lead.id, change: { lang: visitorLang } }),
    formatDateTime: (iso: string) => dateTime.format(new Date(iso)),
    formatDay: (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
  })
}
