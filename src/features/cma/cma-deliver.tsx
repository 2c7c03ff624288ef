import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { useConfirm } from '~/components/confirm-dialog'
import { FieldRow } from '~/components/form/field-row'
import { inputClass } from '~/components/form/inputs'
import { Button, buttonClass, Icon } from '~/components/ui'
import { revokeMyCmaShare, sendMyCma, shareMyCma } from '~/functions/cma.functions'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { LANGS, langParam, type Lang } from '~/lib/lang'
import { LANGUAGE_NAMES } from '~/lib/language-names'
import { afterCmaSent, afterCmaShareChanged } from '~/queries/changes'
import { sellerLeadHomeQuery } from '~/queries/cma'
import { CMA_PAPER_SIZES, type Cma } from '~/schemas/cma/cma'

/** The PDF of a saved CMA: a plain link, so the browser downloads it with the session cookie. */
export function cmaPdfPath(id: string, lang: Lang, paper: (typeof CMA_PAPER_SIZES)[number]): string {
  return `/cozying-api/v1/cmas/${encodeURIComponent(id)}.pdf?${new URLSearchParams({ lang, paper }).toString()}`
}

function Box({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
      data-testid={testId}
    >
      <h4 id={headingId} className="text-base font-semibold text-stone-900 dark:text-stone-50">
        {title}
      </h4>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-3">{children}</div>
    </section>
  )
}

/** The end of a day the realtor picked, in their own time zone, as the API takes it. */
function endOfDay(day: string): string | undefined {
  const date = new Date(`${day}T23:59:59`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/**
 * How a saved CMA reaches the seller (issue 53): its PDF in either language and paper size, a
 * share link (made, copied, revoked; an end date if wanted), and a mail to the seller lead it was
 * started from, in the lead's language unless the realtor picks the other. Each works on what is
 * saved; the editor saves first.
 */
export function CmaDeliver({
  cma,
  desiredUrl,
  lang,
  unsaved,
  saveFirst,
  onStatus,
}: {
  cma: Cma
  desiredUrl: string
  lang: Lang
  unsaved: boolean
  /** Saves the draft; false when it could not be (its errors are on the screen). */
  saveFirst: () => Promise<boolean>
  onStatus: (message: string) => void
}) {
  const { t, i18n } = useLingui()
  const baseId = useId()
  const queryClient = useQueryClient()
  const { site } = useRouteContext({ from: '__root__' })
  const [pdfLang, setPdfLang] = useState<Lang>(lang)
  const [paper, setPaper] = useState<(typeof CMA_PAPER_SIZES)[number]>('letter')
  const [expiry, setExpiry] = useState('')
  const lead = useQuery({ ...sellerLeadHomeQuery(cma.leadId ?? ''), enabled: cma.leadId !== null })
  const [sendLang, setSendLang] = useState<Lang | undefined>(undefined)
  const confirm = useConfirm('cma-confirm-dialog')
  const translate = (id: string, values?: Record<string, string | number>) => i18n._(id, values)

  const share = useMutation({
    mutationFn: async () => {
      if (!(await saveFirst())) return undefined
      const expiresAt = expiry ? endOfDay(expiry) : undefined
      return shareMyCma({ data: { id: cma.id, share: expiresAt ? { expiresAt } : {} } })
    },
    onSuccess: async (created) => {
      if (!created) return
      await afterCmaShareChanged(queryClient, cma, created)
      onStatus(t`Share link created.`)
    },
  })
  const revoke = useMutation({
    mutationFn: () => revokeMyCmaShare({ data: { id: cma.id } }),
    onSuccess: async () => {
      await afterCmaShareChanged(queryClient, cma, null)
      onStatus(t`Share link revoked. Whoever has it now sees “page not found”.`)
    },
  })
  const send = useMutation({
    mutationFn: async () => {
      if (!(await saveFirst())) return undefined
      const chosen = sendLang ?? lead.data?.lang
      return sendMyCma({ data: { id: cma.id, send: chosen ? { lang: chosen } : {} } })
    },
    onSuccess: async (sent) => {
      if (!sent) return
      await afterCmaSent(queryClient, sent.cma)
      const name = lead.data?.name ?? ''
      onStatus(t`The analysis was e-mailed to ${name}. It is on the lead's timeline.`)
    },
  })
  const shareErrors = share.error ? errorFieldErrors(share.error, translate) : {}
  const expiryError = shareErrors['expiresAt'] ?? shareErrors['share.expiresAt']
  const shareError = share.error && !expiryError ? errorMessage(share.error, (id) => i18n._(id), t`The link could not be made. Try again.`) : undefined

  const origin = site.origin
  const leadName = lead.data?.name ?? ''
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      onStatus(t`Link copied.`)
    } catch {
      onStatus(t`The link could not be copied. Select it and copy it yourself.`)
    }
  }
  const expiresText = cma.share?.expiresAt
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(cma.share.expiresAt))
    : null

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3" data-testid="cma-deliver">
      {unsaved ? (
        <p className="text-sm font-medium text-amber-900 lg:col-span-3 dark:text-amber-200" data-testid="cma-unsaved-note">
          <Trans>The PDF shows the last saved version; sharing and sending save your changes first.</Trans>
        </p>
      ) : null}
      <Box title={<Trans>PDF</Trans>} testId="cma-pdf">
        <div className="grid grid-cols-2 gap-3">
          <LanguageSelect id={`${baseId}-pdf-lang`} label={<Trans>Language</Trans>} value={pdfLang} onChange={setPdfLang} testId="cma-pdf-lang" />
          <FieldRow id={`${baseId}-paper`} label={<Trans>Paper</Trans>}>
            <select
              id={`${baseId}-paper`}
              value={paper}
              onChange={(event) => setPaper(CMA_PAPER_SIZES.find((option) => option === event.target.value) ?? paper)}
              className={inputClass}
              data-testid="cma-pdf-paper"
            >
              <option value="letter">{t`US Letter`}</option>
              <option value="a4">{t`A4`}</option>
            </select>
          </FieldRow>
        </div>
        <a href={cmaPdfPath(cma.id, pdfLang, paper)} download className={buttonClass('secondary', 'md')} data-testid="cma-pdf-download">
          <Icon name="download" />
          <Trans>Download PDF</Trans>
        </a>
      </Box>

      <Box title={<Trans>Share link</Trans>} testId="cma-share">
        {cma.share ? (
          <>
            {LANGS.map((option) => {
              const url = `${origin}${cma.share?.paths[option] ?? ''}`
              const name = i18n._(LANGUAGE_NAMES[option])
              return (
                <FieldRow key={option} id={`${baseId}-link-${option}`} label={t`Link in ${name}`}>
                  <div className="flex gap-2">
                    <input
                      id={`${baseId}-link-${option}`}
                      readOnly
                      value={url}
                      onFocus={(event) => event.target.select()}
                      className={`${inputClass} min-w-0 font-mono text-sm`}
                      data-testid={`cma-share-url-${option}`}
                    />
                    <Button
                      variant="secondary"
                      onClick={() => void copy(url)}
                      aria-label={t`Copy the link in ${name}`}
                      data-testid={`cma-share-copy-${option}`}
                    >
                      <Trans>Copy</Trans>
                    </Button>
                  </div>
                </FieldRow>
              )
            })}
            <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="cma-share-expiry">
              {expiresText ? <Trans>Works until {expiresText}.</Trans> : <Trans>Works until you revoke it.</Trans>}{' '}
              <Trans>Search engines are asked not to list it.</Trans>
            </p>
            <Button
              variant="danger"
              disabled={revoke.isPending}
              onClick={() =>
                confirm.ask({
                  title: t`Revoke this link?`,
                  consequence: t`Anyone who opens it after this sees “page not found”. You can make a new link later.`,
                  confirmLabel: t`Revoke link`,
                  keepLabel: t`Keep the link`,
                  tone: 'danger',
                  icon: 'trash',
                  onConfirm: () => revoke.mutate(),
                })
              }
              data-testid="cma-share-revoke"
            >
              <Trans>Revoke link</Trans>
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              <Trans>A private page with the report, in Korean and English. Only people with the link can open it.</Trans>
            </p>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${baseId}-expiry`} className="text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Stops working after (optional)</Trans>
              </label>
              <input
                id={`${baseId}-expiry`}
                type="date"
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
                aria-invalid={expiryError !== undefined}
                aria-describedby={expiryError ? `${baseId}-expiry-error` : undefined}
                className={inputClass}
                data-testid="cma-share-expiry-input"
              />
              {(expiryError ?? []).map((message) => (
                <p key={message} id={`${baseId}-expiry-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
                  {message}
                </p>
              ))}
            </div>
            {shareError ? (
              <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
                {shareError}
              </p>
            ) : null}
            <Button variant="primary" size="md" disabled={share.isPending} onClick={() => share.mutate()} data-testid="cma-share-create">
              <Trans>Create share link</Trans>
            </Button>
          </>
        )}
      </Box>

      <Box title={<Trans>Send to the seller</Trans>} testId="cma-send">
        {cma.leadId === null ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <Trans>This analysis was not started from a seller lead. Share its link or its PDF yourself.</Trans>
          </p>
        ) : lead.data ? (
          <>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              <Trans>E-mails {leadName} the link to the report. It is recorded on the lead's timeline.</Trans>
            </p>
            <LanguageSelect
              id={`${baseId}-send-lang`}
              label={<Trans>Language of the e-mail</Trans>}
              value={sendLang ?? lead.data.lang}
              onChange={setSendLang}
              testId="cma-send-lang"
            />
            {send.error ? (
              <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
                {errorMessage(send.error, (id) => i18n._(id), t`The e-mail could not be sent. Try again.`)}
              </p>
            ) : null}
            {cma.sentAt ? (
              <p className="text-sm text-emerald-800 dark:text-emerald-300" data-testid="cma-sent-at">
                {(() => {
                  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(cma.sentAt))
                  return t`Last sent ${when}.`
                })()}
              </p>
            ) : null}
            <Button variant="primary" size="md" disabled={send.isPending} onClick={() => send.mutate()} data-testid="cma-send-submit">
              {cma.sentAt ? <Trans>Send again</Trans> : <Trans>Send to the seller</Trans>}
            </Button>
            <Link
              to="/{-$lang}/$desiredUrl/admin"
              params={{ lang: langParam(lang), desiredUrl }}
              search={{ tab: 'messages', view: 'leads' }}
              className="text-sm font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300"
            >
              <Trans>Open the lead desk</Trans>
            </Link>
          </>
        ) : lead.isError ? (
          <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
            <Trans>The seller lead could not be loaded. It may have been deleted.</Trans>
          </p>
        ) : (
          <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
            <Trans>Loading the seller lead…</Trans>
          </p>
        )}
      </Box>
      {confirm.dialog}
    </div>
  )
}

/** Korean or English, each named in the realtor's language. */
function LanguageSelect({ id, label, value, onChange, testId }: { id: string; label: ReactNode; value: Lang; onChange: (lang: Lang) => void; testId: string }) {
  const { i18n } = useLingui()
  return (
    <FieldRow id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = LANGS.find((option) => option === event.target.value)
          if (chosen) onChange(chosen)
        }}
        className={inputClass}
        data-testid={testId}
      >
        {LANGS.map((option) => (
          <option key={option} value={option}>
            {i18n._(LANGUAGE_NAMES[option])}
          </option>
        ))}
      </select>
    </FieldRow>
  )
}
