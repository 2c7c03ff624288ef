import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button, Icon } from '~/components/ui'

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Pages`} className="mt-5 flex flex-wrap items-center justify-between gap-3">
      <PageButton disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))} direction="prev">
        <Trans>Previous</Trans>
      </PageButton>
      <p aria-live="polite" className="text-sm text-stone-600 dark:text-stone-300" data-testid="admin-page">
        <Trans>
          Page {page} of {totalPages}
        </Trans>
      </p>
      <PageButton disabled={page >= totalPages} onClick={() => onPage(Math.min(totalPages, page + 1))} direction="next">
        <Trans>Next</Trans>
      </PageButton>
    </nav>
  )
}

/**
 * Paging keeps focus on its buttons: at the first or last page they become aria-disabled
 * instead of disabled, which would drop keyboard focus to the page's top.
 */
function PageButton({ disabled, onClick, direction, children }: { disabled: boolean; onClick: () => void; direction: 'prev' | 'next'; children: ReactNode }) {
  return (
    <Button variant="secondary" aria-disabled={disabled} onClick={() => (disabled ? undefined : onClick())}>
      {direction === 'prev' ? <Icon name="prev" /> : null}
      {children}
      {direction === 'next' ? <Icon name="next" /> : null}
    </Button>
  )
}
