import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageShell } from '~/features/shell/page-shell'
import { RealtorCard } from '~/features/directory/realtor-card'
import { langParam, type Lang } from '~/lib/lang'
import type { DirectoryPage } from '~/schemas/directory'
import { buttonClass } from '~/components/ui'

function Feature({ title, children, icon }: { title: ReactNode; children: ReactNode; icon: ReactNode }) {
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
      <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-blue-700 text-white">
        {icon}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-stone-900 dark:text-stone-50">{title}</h3>
      <p className="mt-2 leading-relaxed text-stone-700 dark:text-stone-300">{children}</p>
    </li>
  )
}

const iconProps = { viewBox: '0 0 24 24', className: 'size-6', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8 } as const

/**
 * The front door (issue 7): what a realtor gets, shown with real published homepages, a
 * call to action into sign-in and onboarding, and a word for visitors looking for an agent.
 */
export function LandingPage({ lang, showcase }: { lang: Lang; showcase: DirectoryPage }) {
  const params = { lang: langParam(lang) }
  return (
    <PageShell>
      <section aria-labelledby="landing-title" className="grid items-center gap-10 py-6 md:grid-cols-[1.2fr_1fr] md:py-12">
        <div>
          <p className="font-semibold text-blue-800 dark:text-blue-300">
            <Trans>For realtors serving Korean- and English-speaking clients</Trans>
          </p>
          <h1 id="landing-title" className="mt-3 text-4xl font-bold tracking-tight text-balance text-stone-900 sm:text-5xl dark:text-stone-50">
            <Trans>Your homepage in Korean and English, ready in minutes</Trans>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-700 dark:text-stone-300">
            <Trans>
              Show who you are, the homes for sale in your area and how to reach you, at your own address or your own domain. Clients write to you in the
              language they are comfortable with.
            </Trans>
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/{-$lang}/login" params={params} search={{ redirect: '/process' }} className={buttonClass('brand', 'lg')} data-testid="landing-cta">
              <Trans>Create your homepage</Trans>
            </Link>
            <Link to="/{-$lang}/realtors" params={params} className={buttonClass('outline', 'lg')}>
              <Trans>Find a realtor</Trans>
            </Link>
          </div>
        </div>
        <div aria-hidden="true" className="hidden rounded-3xl bg-gradient-to-br from-blue-700 to-sky-500 p-6 text-white shadow-xl md:block">
          <div className="rounded-2xl bg-white/15 p-5 backdrop-blur">
            <div className="h-3 w-24 rounded bg-white/70" />
            <div className="mt-4 h-8 w-48 rounded bg-white" />
            <div className="mt-3 h-3 w-40 rounded bg-white/70" />
            <div className="mt-6 flex gap-2">
              <div className="h-9 w-20 rounded-full bg-white" />
              <div className="h-9 w-20 rounded-full bg-white/40" />
            </div>
          </div>
          <div className="mt-4 grid grid-cols-3 gap-3">
            <div className="h-20 rounded-xl bg-white/25" />
            <div className="h-20 rounded-xl bg-white/25" />
            <div className="h-20 rounded-xl bg-white/25" />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="py-12">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-stone-50">
          <Trans>What your homepage gives you</Trans>
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          <Feature
            title={<Trans>Bilingual, at your own address</Trans>}
            icon={
              <svg {...iconProps}>
                <circle cx="12" cy="12" r="9" />
                <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
              </svg>
            }
          >
            <Trans>One homepage in Korean and English, at a short address of your choice or on your own domain.</Trans>
          </Feature>
          <Feature
            title={<Trans>Homes in your region</Trans>}
            icon={
              <svg {...iconProps}>
                <path d="M3 11 12 4l9 7v9H3z" />
                <path d="M9 20v-6h6v6" />
              </svg>
            }
          >
            <Trans>Listings of the cities you serve appear on your page, and visitors stay with you to see the details.</Trans>
          </Feature>
          <Feature
            title={<Trans>Messages from visitors</Trans>}
            icon={
              <svg {...iconProps}>
                <path d="M4 5h16v11H8l-4 4z" />
              </svg>
            }
          >
            <Trans>A contact form in both languages sends every message to your inbox and your e-mail, never lost.</Trans>
          </Feature>
          <Feature
            title={<Trans>Found by search engines</Trans>}
            icon={
              <svg {...iconProps}>
                <circle cx="11" cy="11" r="6" />
                <path d="m20 20-4.5-4.5" />
              </svg>
            }
          >
            <Trans>Titles, descriptions and structured data in both languages, fast on a phone, ready for Google and Naver.</Trans>
          </Feature>
        </ul>
      </section>

      {showcase.realtors.length > 0 ? (
        <section aria-labelledby="showcase-title" className="py-12" data-testid="landing-showcase">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="showcase-title" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-stone-50">
              <Trans>Homepages made here</Trans>
            </h2>
            <Link to="/{-$lang}/realtors" params={params} className="font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300">
              <Trans>See all realtors</Trans>
            </Link>
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {showcase.realtors.map((realtor) => (
              <li key={realtor.id}>
                <RealtorCard realtor={realtor} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="visitors-title" className="my-12 rounded-3xl bg-stone-100 p-8 dark:bg-stone-900">
        <h2 id="visitors-title" className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
          <Trans>Looking for a realtor?</Trans>
        </h2>
        <p className="mt-3 max-w-2xl text-lg leading-relaxed text-stone-700 dark:text-stone-300">
          <Trans>
            Find an agent in California or Georgia who speaks your language, read about them, see the homes they know, and write to them directly. It is free
            for you.
          </Trans>
        </p>
        <Link to="/{-$lang}/realtors" params={params} className={buttonClass('primary', 'md', 'mt-6')}>
          <Trans>Browse the directory</Trans>
        </Link>
      </section>
    </PageShell>
  )
}
