import { I18nProvider } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { formToPreviewRealtor, type RealtorFormValues } from './form-values'
import { buttonClass } from '~/components/ui'

/**
 * The homepage as visitors will see it, updated as the realtor types, at phone or desktop
 * width. It is a picture of the page: inert, so nothing in it can be focused or clicked.
 */
export function PreviewPanel({ values, lang, base }: { values: RealtorFormValues; lang: Lang; base: { id: string } }) {
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone')
  const { t } = useLingui()
  const [previewLang, setLoadedPreviewLang] = useState<Lang>(lang)
  // The other language's catalog is fetched before the preview switches to it.
  const setPreviewLang = (next: Lang) => void loadCatalog(next).then(() => setLoadedPreviewLang(next))
  const realtor = formToPreviewRealtor(values, base)
  const toggle = (active: boolean) => buttonClass(active ? 'primary' : 'ghost')
  return (
    <section aria-labelledby="preview-title" className="rounded-2xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900">
      <div className="flex flex-wrap items-center justify-between gap-2 px-1 pb-3">
        <h2 id="preview-title" className="font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Preview</Trans>
        </h2>
        <div className="flex flex-wrap gap-1">
          <div role="group" aria-label={t`Preview width`} className="flex gap-1">
            <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')} className={toggle(width === 'phone')}>
              <Trans>Mobile</Trans>
            </button>
            <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')} className={toggle(width === 'desktop')}>
              <Trans>Desktop</Trans>
            </button>
          </div>
          <div role="group" aria-label={t`Preview language`} className="flex gap-1">
            <button type="button" aria-pressed={previewLang === 'ko'} onClick={() => setPreviewLang('ko')} className={toggle(previewLang === 'ko')} lang="ko">
              한국어
            </button>
            <button type="button" aria-pressed={previewLang === 'en'} onClick={() => setPreviewLang('en')} className={toggle(previewLang === 'en')} lang="en">
              English
            </button>
          </div>
        </div>
      </div>
      <div
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        role="group"
        aria-labelledby="preview-title"
        className="h-[70vh] overflow-auto rounded-xl border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-950"
      >
        <div
          inert
          aria-hidden="true"
          data-testid="editor-preview"
          style={{ width: width === 'phone' ? 390 : 1280, zoom: width === 'phone' ? 0.9 : 0.4 }}
          className="mx-auto bg-white"
        >
          <I18nProvider i18n={i18nFor(previewLang)}>
            <RealtorHomepage realtor={realtor} lang={previewLang} today={new Date()} variant="preview" />
          </I18nProvider>
        </div>
      </div>
    </section>
  )
}
