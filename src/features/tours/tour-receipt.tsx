import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '~/components/ui'
import type { Lang } from '~/lib/lang'
import { tourTimeText } from '~/lib/listing-time-zones'
import { tourReceiptCalendarHref } from '~/lib/tour-pages'
import type { TourReceipt } from '~/schemas/tours'

/**
 * A sent tour request said back to its visitor (issue 51 item 5): the times they asked for, in
 * their language on the home's clock (named), how they will see it, and the calendar file to
 * hold those times. The same on the listing page (with scripts) and the status page (without).
 */
export function TourReceiptDetails({ receipt, lang }: { receipt: Pick<TourReceipt, 'id' | 'mode' | 'timeZone' | 'state' | 'starts'>; lang: Lang }) {
  const { i18n } = useLingui()
  return (
    <div className="grid gap-2 font-normal" data-testid="tour-receipt">
      <p className="font-semibold">{receipt.state === 'requested' ? <Trans>The times you asked for:</Trans> : <Trans>Your tour:</Trans>}</p>
      <ul className="list-disc pl-5" data-testid="tour-receipt-times">
        {receipt.starts.map((start) => (
          <li key={start}>{tourTimeText(new Date(start), receipt.timeZone, lang, i18n)}</li>
        ))}
      </ul>
      <p data-testid="tour-receipt-mode">{receipt.mode === 'video' ? <Trans>Video tour</Trans> : <Trans>In-person tour</Trans>}</p>
      <p>
        <a
          href={tourReceiptCalendarHref(receipt.id, lang)}
          download
          className="inline-flex min-h-11 items-center gap-2 font-semibold underline underline-offset-4"
          data-testid="tour-ics"
        >
          <Icon name="calendar" className="size-5" />
          {receipt.state === 'requested' ? <Trans>Add these times to your calendar (.ics)</Trans> : <Trans>Add the tour to your calendar (.ics)</Trans>}
        </a>
      </p>
    </div>
  )
}
