import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useConfirm } from '~/components/confirm-dialog'
import { Button, Icon } from '~/components/ui'
import { inputClass } from '~/components/form/inputs'
import { addNoteToLead, deleteNoteOfLead } from '~/functions/leads.functions'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { afterLeadNotesChanged } from '~/queries/changes'
import { leadNotesQuery } from '~/queries/leads'
import type { LeadNote } from '~/schemas/leads'
import { LeadSection } from './lead-section'

/**
 * A lead's private notes (issue 26): dated, newest first, added and deleted in place. The
 * visitor never sees them. Loaded when the lead is opened; adding or deleting one refreshes
 * the list's notes count too. What happened is said in the status line (aria-live). A delete
 * cannot be undone, so it asks first, quoting the note (decision 069).
 */
export function LeadNotes({ realtorId, leadId, formatDateTime }: { realtorId: string; leadId: string; formatDateTime: (iso: string) => string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const fieldId = useId()
  const errorId = useId()
  const [draft, setDraft] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [status, setStatus] = useState<string | undefined>()
  const notesQuery = useQuery({ ...leadNotesQuery(realtorId, leadId), retry: false })
  const confirm = useConfirm('lead-note-delete-dialog')

  const refresh = () => afterLeadNotesChanged(queryClient, { realtorId, leadId })

  const addMutation = useMutation({
    mutationFn: (body: string) => addNoteToLead({ data: { id: leadId, body } }),
    onMutate: () => {
      setFieldError(undefined)
      setStatus(undefined)
    },
    onSuccess: async () => {
      setDraft('')
      setStatus(t`Note added`)
      await refresh()
    },
    onError: (error) => {
      setFieldError(
        errorFieldErrors(error, (id, values) => i18n._(id, values)).body?.[0] ??
          errorMessage(error, (id) => i18n._(id), t`The note could not be saved. Check your connection and try again.`),
      )
    },
  })

  const deleteMutation = useMutation({
    mutationFn: (note: LeadNote) => deleteNoteOfLead({ data: { id: leadId, noteId: note.id } }),
    onMutate: () => setStatus(undefined),
    onSuccess: async () => {
      setStatus(t`Note deleted`)
      await refresh()
    },
    onError: (error) => setStatus(errorMessage(error, (id) => i18n._(id), t`The note could not be deleted. Check your connection and try again.`)),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (draft.trim() === '') {
      setFieldError(t`Write a note`)
      return
    }
    addMutation.mutate(draft)
  }

  const notes = notesQuery.data?.notes ?? []
  return (
    <LeadSection
      title={<Trans>Private notes</Trans>}
      intro={<Trans>Only you see these notes.</Trans>}
      loadError={
        notesQuery.isError
          ? errorMessage(notesQuery.error, (id) => i18n._(id), t`The notes could not be loaded. Check your connection and try again.`)
          : undefined
      }
      testId="lead-notes"
    >
      {notes.length > 0 ? (
        <ul className="mt-3 grid gap-2" data-testid="lead-note-list">
          {notes.map((note) => {
            const written = formatDateTime(note.createdAt)
            return (
              <li key={note.id} className="flex items-start gap-3 rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60" data-testid="lead-note">
                <div className="min-w-0 flex-1">
                  <time dateTime={note.createdAt} suppressHydrationWarning className="block text-xs text-stone-600 dark:text-stone-300">
                    {written}
                  </time>
                  <p className="text-sm break-words whitespace-pre-wrap text-stone-900 dark:text-stone-100">{note.body}</p>
                </div>
                <button
                  type="button"
                  onClick={() => {
                    const excerpt = note.body.length > 120 ? `${note.body.slice(0, 120)}…` : note.body
                    confirm.ask({
                      title: t`Delete this note?`,
                      consequence: t`Your note of ${written} is deleted for good: “${excerpt}”`,
                      confirmLabel: t`Delete note`,
                      keepLabel: t`Keep the note`,
                      tone: 'danger',
                      icon: 'trash',
                      onConfirm: () => deleteMutation.mutate(note),
                    })
                  }}
                  disabled={deleteMutation.isPending}
                  aria-label={t`Delete the note of ${written}`}
                  className="grid size-11 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-200 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-stone-900 disabled:opacity-50 dark:text-stone-300 dark:hover:bg-stone-700 dark:hover:text-red-300 dark:focus-visible:outline-stone-100"
                  data-testid="lead-note-delete"
                >
                  <Icon name="trash" />
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <form onSubmit={submit} className="mt-3 grid gap-2" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          <Trans>New note</Trans>
        </label>
        <textarea
          id={fieldId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          rows={3}
          maxLength={2000}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          className={inputClass}
          data-testid="lead-note-input"
        />
        {fieldError ? (
          <p id={errorId} className="text-sm font-medium text-red-800 dark:text-red-300" data-testid="lead-note-error">
            {fieldError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" type="submit" disabled={addMutation.isPending} aria-busy={addMutation.isPending} data-testid="lead-note-add">
            <Trans>Add note</Trans>
          </Button>
          <p role="status" className="text-sm text-stone-700 dark:text-stone-200" data-testid="lead-note-status">
            {status}
          </p>
        </div>
      </form>
      {confirm.dialog}
    </LeadSection>
  )
}
