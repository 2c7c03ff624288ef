import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PageHeading, PageShell } from '~/components/page-shell'

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700 dark:text-stone-300">{children}</div>
    </section>
  )
}

/**
 * Terms of use and privacy notice for the contact form (spec §2 `/agreement`). Every
 * paragraph is its own catalog message so translators can work on it piece by piece.
 */
export function AgreementPage() {
  return (
    <PageShell>
      <article className="mx-auto max-w-3xl">
        <PageHeading>
          <Trans>Terms of use and privacy notice</Trans>
        </PageHeading>
        <p className="mt-4 text-stone-600 dark:text-stone-300">
          <Trans>
            These terms apply when you send a message to a realtor through a homepage on this site. Please read them before you agree in the contact form.
          </Trans>
        </p>

        <Section id="terms" title={<Trans>1. Terms of use of the contact form</Trans>}>
          <p>
            <Trans>
              The contact form passes your message to the realtor whose homepage you are visiting. The realtor, not this site, answers your message and is
              responsible for the advice and services they offer.
            </Trans>
          </p>
          <p>
            <Trans>Write only what you want the realtor to know. Do not send passwords, bank or card details, or identity numbers through the form.</Trans>
          </p>
          <p>
            <Trans>
              Do not use the form to send advertising, repeated messages or content that is unlawful or offensive. Messages of that kind may be deleted, and
              sending from your address may be limited.
            </Trans>
          </p>
          <p>
            <Trans>
              Listing information shown on a homepage comes from the realtor and from listing services. It is believed to be reliable but is not guaranteed;
              confirm every detail with the realtor before you rely on it.
            </Trans>
          </p>
        </Section>

        <Section id="privacy" title={<Trans>2. Privacy notice</Trans>}>
          <h3 className="font-semibold text-stone-900 dark:text-stone-100">
            <Trans>What we collect</Trans>
          </h3>
          <p>
            <Trans>
              Your last and first name, e-mail address, phone number with its country code, your message, the listing you asked about (if any), and the time you
              sent it.
            </Trans>
          </p>
          <h3 className="font-semibold text-stone-900 dark:text-stone-100">
            <Trans>Why we collect it</Trans>
          </h3>
          <p>
            <Trans>
              Only to deliver your message to the realtor and to let the realtor answer you. We do not sell your information and do not use it for advertising.
            </Trans>
          </p>
          <h3 className="font-semibold text-stone-900 dark:text-stone-100">
            <Trans>Who receives it</Trans>
          </h3>
          <p>
            <Trans>
              The realtor you wrote to receives your message by e-mail and in their inbox on this site. The companies that host this site and deliver its e-mail
              process it on our behalf.
            </Trans>
          </p>
          <h3 className="font-semibold text-stone-900 dark:text-stone-100">
            <Trans>How long we keep it</Trans>
          </h3>
          <p>
            <Trans>
              We keep your message for up to three years after it was sent, or until you or the realtor ask us to delete it, unless the law requires us to keep
              it longer.
            </Trans>
          </p>
          <h3 className="font-semibold text-stone-900 dark:text-stone-100">
            <Trans>Your rights</Trans>
          </h3>
          <p>
            <Trans>
              You may ask to see, correct or delete your information, and you may withdraw your consent at any time. If you do not agree to these terms, you
              cannot send a message through the form, but you can still call or e-mail the realtor directly.
            </Trans>
          </p>
          <p>
            <Trans>To exercise these rights, write to the realtor you contacted or reply to their e-mail; they will pass your request on to us.</Trans>
          </p>
        </Section>
      </article>
    </PageShell>
  )
}
