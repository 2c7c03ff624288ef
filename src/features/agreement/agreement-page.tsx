import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PageHeading, PageShell } from '~/features/shell/page-shell'
import { useLang } from '~/i18n/use-lang'
import { PRIVACY_NOTICE_EFFECTIVE_DATE } from '~/lib/consent'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG } from '~/lib/lang'

function Subheading({ children }: { children: ReactNode }) {
  return <h3 className="font-semibold text-stone-900 dark:text-stone-100">{children}</h3>
}

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
 * Terms of use and privacy notice for the contact form (spec §2 `/agreement`), with what
 * CalOPPA asks of a privacy notice and California's notice at collection (issue 15 item 4).
 * Every paragraph is its own catalog message so translators can work on it piece by piece.
 * Under a realtor's address (`/{desiredUrl}/agreement`) `realtorName` names who receives the
 * message; the page depends on that realtor already (the route loads it), so its stored
 * version follows the realtor's.
 */
export function AgreementPage({ realtorName }: { realtorName?: string }) {
  const lang = useLang()
  // A fixed day, formatted in UTC so the server and the browser print the same date.
  const effectiveDate = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${PRIVACY_NOTICE_EFFECTIVE_DATE}T00:00:00Z`))
  // An element, not a string: <Trans> would parse a string value for tags, and a name is shown as typed.
  const realtor = realtorName === undefined ? null : <strong className="font-semibold text-stone-900 dark:text-stone-100">{realtorName}</strong>
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
          <Subheading>
            <Trans>What we collect</Trans>
          </Subheading>
          <p>
            <Trans>
              Your last and first name, e-mail address, phone number with its country code, your message, the listing you asked about (if any), and the time you
              sent it.
            </Trans>
          </p>
          <p>
            <Trans>
              With your message we also record what you agreed to: the exact words of the agreement you were shown, their version and language, the page you
              sent the form from, the time, and whether you agreed to be called or texted.
            </Trans>
          </p>
          <Subheading>
            <Trans>Why we collect it</Trans>
          </Subheading>
          <p>
            <Trans>
              Only to deliver your message to the realtor and to let the realtor answer you. We do not sell your information and do not use it for advertising.
            </Trans>
          </p>
          <p>
            <Trans>
              The realtor calls or texts you only if you tick the box that allows it. The box is optional and unticked until you tick it, and agreeing is not a
              condition of any purchase. To stop calls or texts, tell the realtor.
            </Trans>
          </p>
          <Subheading>
            <Trans>Who receives it</Trans>
          </Subheading>
          <p>
            <Trans>
              The realtor you wrote to receives your message by e-mail and in their inbox on this site. The companies that host this site and deliver its e-mail
              process it on our behalf.
            </Trans>
          </p>
          {realtor ? (
            <p data-testid="agreement-realtor">
              <Trans>Messages sent from this homepage go to {realtor}, the realtor whose homepage it is.</Trans>
            </p>
          ) : null}
          <p>
            <Trans>We share your information with no one else, unless the law requires it.</Trans>
          </p>
          <Subheading>
            <Trans>How long we keep it</Trans>
          </Subheading>
          <p>
            <Trans>
              We keep your message for up to three years after it was sent, or until you or the realtor ask us to delete it, unless the law requires us to keep
              it longer.
            </Trans>
          </p>
          <Subheading>
            <Trans>Visitor statistics</Trans>
          </Subheading>
          <p data-testid="agreement-statistics">
            <Trans>
              When a realtor's homepage or listing page is shown, we count the view for that realtor: the page, its language, the day, and the kind of site you
              came from (a search engine, KakaoTalk or another site, by its name only, never the full link). We use no cookie for this and store no IP address,
              device fingerprint or anything else that could identify you. The counts are kept for two years and shown only to the realtor and to us.
            </Trans>
          </p>
          <Subheading>
            <Trans>Your rights</Trans>
          </Subheading>
          <p>
            <Trans>
              You may ask to see, correct or delete your information, and you may withdraw your consent at any time. If you do not agree to these terms, you
              cannot send a message through the form, but you can still call or e-mail the realtor directly.
            </Trans>
          </p>
          <p>
            <Trans>To exercise these rights, write to the realtor you contacted or reply to their e-mail; they will pass your request on to us.</Trans>
          </p>
          <Subheading>
            <Trans>Deleting or correcting your information</Trans>
          </Subheading>
          <p>
            <Trans>
              The realtor can delete your message from this site completely, together with the record of what you agreed to. Copies the realtor already received
              by e-mail are in the realtor's own mailbox; ask the realtor to delete those as well.
            </Trans>
          </p>
          <Subheading>
            <Trans>Do Not Track signals</Trans>
          </Subheading>
          <p>
            <Trans>
              This site sets no tracking cookies and uses no third-party trackers or advertising networks, so it does not follow you across sites or over time.
              It treats every visitor as if their browser sent a Do Not Track signal, whether or not it does.
            </Trans>
          </p>
          <p>
            <Trans>The only cookies are one that remembers the language you chose and, for realtors who sign in, a session cookie.</Trans>
          </p>
          <Subheading>
            <Trans>Changes to this notice</Trans>
          </Subheading>
          <p>
            <Trans>
              When this notice changes, the new version is posted on this page with a new effective date. A change never alters the agreement stored with a
              message you already sent.
            </Trans>
          </p>
          <p data-testid="agreement-effective-date">
            <Trans>Effective date: {effectiveDate}</Trans>
          </p>
        </Section>

        <Section id="california" title={<Trans>3. Notice at collection (California)</Trans>}>
          <p>
            <Trans>
              If you live in California, the California Consumer Privacy Act gives you the right to know, when your information is collected, what is collected
              and why.
            </Trans>
          </p>
          <Subheading>
            <Trans>Categories of personal information</Trans>
          </Subheading>
          <p>
            <Trans>
              Identifiers (your name, e-mail address and phone number), the content of your message and the listing you asked about, and the page you sent the
              form from with the time.
            </Trans>
          </p>
          <Subheading>
            <Trans>Purposes</Trans>
          </Subheading>
          <p>
            <Trans>
              To deliver your message to the realtor, to let the realtor answer you (and call or text you if you agreed), to keep a record of what you agreed
              to, and to protect the form from abuse.
            </Trans>
          </p>
          <Subheading>
            <Trans>No sale or sharing</Trans>
          </Subheading>
          <p>
            <Trans>
              We do not sell your personal information and do not share it for cross-context behavioral advertising. We do not collect sensitive personal
              information.
            </Trans>
          </p>
          <Subheading>
            <Trans>Retention</Trans>
          </Subheading>
          <p>
            <Trans>
              Each message and its consent record are kept for up to three years after the message was sent, or until you or the realtor have it deleted,
              whichever comes first, unless the law requires us to keep it longer.
            </Trans>
          </p>
          <p>
            <Trans>
              You may ask to know, correct or delete your personal information, and you will not be treated differently for asking. Send your request to the
              realtor you contacted, as described above.
            </Trans>
          </p>
        </Section>
      </article>
    </PageShell>
  )
}
