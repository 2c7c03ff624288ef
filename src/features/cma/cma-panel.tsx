import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useConfirm } from '~/components/confirm-dialog'
import { Button, ErrorAlert, buttonClass, Icon } from '~/components/ui'
import { removeCma } from '~/functions/cma.functions'
import { errorCode, errorMessage } from '~/lib/errors'
import { langParam, type Lang } from '~/lib/lang'
import { afterCmaDeleted } from '~/queries/changes'
import { cmaListQuery, cmaQuery } from '~/queries/cma'
import type { Realtor } from '~/schemas/realtor'
import { CmaEditor } from './cma-editor'
import { cmaDollars } from '~/lib/cma-words'
import { cmaDayText } from './cma-labels'
import { CmaStart } from './cma-start'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

/*
 * The workspace's market analysis tab (issue 53): the realtor's CMAs, newest change first, a
 * form that starts one (from a seller lead, `?lead=`, or a typed address), and one CMA open
 * (`?cma=`). Its address says which, so a reload or a shared workspace link lands on the same.
 */
export function CmaPanel({ realtor, lang, cmaId, leadId }: { realtor: Realtor; lang: Lang; cmaId?: string; leadId?: string }) {
  const headingId = useId()
  const backLink = (
    <Link
      to="/{-$lang}/$desiredUrl/admin"
      params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
      search={{ tab: 'cma' }}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300"
      data-testid="cma-back"
    >
      <Icon name="prev" />
      <Trans>All market analyses</Trans>
    </Link>
  )
  return (
    <section aria-labelledby={headingId} data-testid="cma-panel">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Market analysis</Trans>
      </h2>
      {cmaId ? (
        <>
          {backLink}
          <div className="mt-4">
            <OpenCma id={cmaId} desiredUrl={realtor.desiredUrl} lang={lang} />
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-stone-700 dark:text-stone-300">
            <Trans>
              Prepare a comparative market analysis for a seller: pick comparable homes, adjust them, recommend a list price, then share it as a page, a PDF or
              an e-mail, in Korean or English.
            </Trans>
          </p>
          {leadId ? <div className="mt-2">{backLink}</div> : null}
          <div className="mt-6">
            <CmaStart
              key={leadId ?? 'typed'}
              realtorId={realtor.id}
              desiredUrl={realtor.desiredUrl}
              lang={lang}
              leadId={leadId}
              state={realtor.activityRegion[0]?.state ?? 'CA'}
            />
          </div>
          <div className="mt-8">
            <CmaList realtorId={realtor.id} desiredUrl={realtor.desiredUrl} lang={lang} />
          </div>
        </>
      )}
    </section>
  )
}

function OpenCma({ id, desiredUrl, lang }: { id: string; desiredUrl: string; lang: Lang }) {
  const { t, i18n } = useLingui()
  const cma = useQuery(cmaQuery(id))
  if (cma.isPending) {
    return (
      <p role="status" className="text-stone-600 dark:text-stone-300">
        <Trans>Loading the analysis…</Trans>
      </p>
    )
  }
  if (cma.isError) {
    const gone = errorCode(cma.error) === 'NOT_FOUND'
    return (
      <ErrorAlert
        testId="cma-load-error"
        message={
          gone
            ? t`This analysis does not exist, or it was deleted.`
            : errorMessage(cma.error, (messageId) => i18n._(messageId), t`The analysis could not be loaded.`)
        }
        onRetry={gone ? undefined : () => void cma.refetch()}
      />
    )
  }
  return <CmaEditor key={cma.data.id} cma={cma.data} desiredUrl={desiredUrl} lang={lang} />
}

function CmaList({ realtorId, desiredUrl, lang }: WorkspacePanelProps) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const queryClient = useQueryClient()
  const list = useQuery(cmaListQuery(realtorId))
  const confirm = useConfirm('cma-delete-dialog')
  const [status, setStatus] = useState('')
  const remove = useMutation({
    mutationFn: (id: string) => removeCma({ data: { id } }),
    onSuccess: async (_deleted, id) => {
      setStatus(t`Analysis deleted.`)
      await afterCmaDeleted(queryClient, { id, realtorId })
    },
  })
  const cmas = list.data?.cmas ?? []
  return (
    <section aria-labelledby={headingId} data-testid="cma-list">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Your analyses</Trans>
      </h3>
      <p role="status" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300">
        {status}
      </p>
      <ErrorAlert testId="cma-list-error" message={list.isError ? t`Your analyses could not be loaded.` : undefined} onRetry={() => void list.refetch()} />
      <ErrorAlert
        testId="cma-delete-error"
        message={remove.error ? errorMessage(remove.error, (id) => i18n._(id), t`The analysis could not be deleted. Try again.`) : undefined}
      />
      {list.isPending ? (
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          <Trans>Loading…</Trans>
        </p>
      ) : cmas.length === 0 ? (
        <p className="mt-2 text-stone-600 dark:text-stone-300" data-testid="cma-list-empty">
          <Trans>No analyses yet.</Trans>
        </p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {cmas.map((cma) => {
            const address = `${cma.subject.street}, ${cma.subject.city}`
            const updated = cmaDayText(cma.updatedAt, i18n.locale)
            const count = cma.pickedCount
            return (
              <li
                key={cma.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
                data-testid="cma-list-item"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900 dark:text-stone-50">{address}</p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    <span
                      className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
                        cma.status === 'sent'
                          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
                          : 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100'
                      }`}
                    >
                      {cma.status === 'sent' ? <Trans>Sent</Trans> : <Trans>Draft</Trans>}
                    </span>
                    <Plural value={count} one="# comparable" other="# comparables" /> · <Trans>changed {updated}</Trans>
                    {cma.recommendedLow !== null && cma.recommendedHigh !== null
                      ? ` · ${cmaDollars(cma.recommendedLow)} – ${cmaDollars(cma.recommendedHigh)}`
                      : null}
                    {cma.share ? (
                      <>
                        {' · '}
                        <Trans>shared</Trans>
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to="/{-$lang}/$desiredUrl/admin"
                    params={{ lang: langParam(lang), desiredUrl }}
                    search={{ tab: 'cma', cma: cma.id }}
                    className={buttonClass('secondary')}
                    aria-label={t`Open the analysis of ${address}`}
                    data-testid="cma-open"
                  >
                    <Trans>Open</Trans>
                  </Link>
                  <Button
                    variant="danger"
                    disabled={remove.isPending}
                    aria-label={t`Delete the analysis of ${address}`}
                    onClick={() =>
                      confirm.ask({
                        title: t`Delete this analysis?`,
                        consequence: t`The analysis of ${address} and its share link are deleted for good. E-mails already sent keep their text, but their link stops working.`,
                        confirmLabel: t`Delete analysis`,
                        keepLabel: t`Keep the analysis`,
                        tone: 'danger',
                        icon: 'trash',
                        onConfirm: () => remove.mutate(cma.id),
                      })
                    }
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {confirm.dialog}
    </section>
  )
}
