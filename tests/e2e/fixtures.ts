import { test as base, expect, type APIRequestContext } from '@playwright/test'
import { deleteMadeRealtors, requireBaseURL, type MadeRealtor } from './helpers.ts'
import { startSmtpSink } from '../integration/smtp-sink.ts'
import { request as rawRequest, startServer, type Server } from './own-server.ts'

/*
 * What several specs set up the same way, defined once (issue 50): a published realtor of a
 * spec's own, on the suite's server or on a server of the spec's own, and the `realtor` fixture,
 * such a realtor signed in on the test's page and deleted after the test, and `demoListing`, a
 * listing of the seeded demo realtor that exists in this build's data.
 *
 * Which project runs a test is not decided here but by its tag (playwright.config.ts, decision
 * 056): the phone runs the tests tagged `@phone`, so no test skips a project by hand.
 */

export { expect }

/** A realtor a spec made for itself, with its address and sign-in e-mail. */
export type PublishedRealtor = MadeRealtor & { desiredUrl: string; email: string }

type Answer = { status: number; token: string; body: string }

/** Letters only: a homepage address may not look like a reserved path or a number. */
function uniqueDesiredUrl(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let slug = 'e'
  for (let index = 0; index < 11; index++) slug += letters[Math.floor(Math.random() * letters.length)]
  return slug
}

function isServer(value: APIRequestContext | Server): value is Server {
  return 'process' in value && 'base' in value
}

/**
 * A realtor of a spec's own with a published homepage in Irvine, CA (with the licence and
 * brokerage California requires on a published homepage, issue 15), so nothing a spec does
 * changes the demo realtor other specs read. Signed up and made over the REST API as a program
 * would: on the suite's server through a Playwright `request` (a browser context's request keeps
 * the session cookie, so that context's pages are the realtor's), or on a server of the spec's
 * own. `fields` adds to or replaces the homepage's fields. On the suite's server, delete it after
 * (`deleteMadeRealtors`, or use the `realtor` fixture): published homepages left behind would
 * fill the directory other specs read.
 */
export function createPublishedRealtor(server: Server, fields?: Record<string, unknown>): Promise<PublishedRealtor>
export function createPublishedRealtor(request: APIRequestContext, baseURL: string, fields?: Record<string, unknown>): Promise<PublishedRealtor>
export async function createPublishedRealtor(
  via: APIRequestContext | Server,
  baseURLOrFields?: string | Record<string, unknown>,
  moreFields: Record<string, unknown> = {},
): Promise<PublishedRealtor> {
  const origin = isServer(via) ? via.base : typeof baseURLOrFields === 'string' ? baseURLOrFields : undefined
  if (!origin) throw new Error('createPublishedRealtor: a request context needs the base URL')
  const fields = isServer(via) && typeof baseURLOrFields === 'object' ? baseURLOrFields : moreFields
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    if (isServer(via)) {
      const answer = await rawRequest(via, 'POST', path, { body, headers })
      return { status: answer.status, token: String(answer.headers['set-auth-token'] ?? ''), body: answer.body }
    }
    const answer = await via.post(`${origin}${path}`, { headers: { origin: new URL(origin).origin, ...headers }, data: body })
    return { status: answer.status(), token: answer.headers()['set-auth-token'] ?? '', body: await answer.text() }
  }

  const desiredUrl = typeof fields.desiredUrl === 'string' ? fields.desiredUrl : uniqueDesiredUrl()
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const signUp = await post('/api/auth/sign-up/email', { email, password: 'e2e-realtor-password-2026', name: 'E2E realtor' })
  expect(signUp.status, `sign-up: ${signUp.body}`).toBe(200)
  expect(signUp.token, 'the sign-up answers with a bearer token').not.toBe('')
  const created = await post(
    '/cozying-api/v1/realtor',
    {
      desiredUrl,
      email,
      phoneCountryCode: 'US',
      contactPhone: '9495550123',
      displayNameKo: '한지우',
      displayNameEn: 'Jiwoo Han',
      aboutMeKr: '어바인의 부동산 에이전트입니다.',
      aboutMeEn: 'A realtor in Irvine.',
      licenseNumber: 'DRE #02777777',
      brokerageName: 'Coast Realty',
      activityRegion: [{ state: 'CA', city: 'Irvine' }],
      isMakeHomepage: 'Y',
      ...fields,
    },
    { authorization: `Bearer ${signUp.token}` },
  )
  expect(created.status, `POST realtor: ${created.body}`).toBe(201)
  const value: unknown = JSON.parse(created.body)
  const id: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'id') : undefined
  if (typeof id !== 'string') throw new Error(`no id in ${created.body}`)
  return { id, token: signUp.token, desiredUrl, email }
}

/** A listing of the demo realtor (`sora-park`), as the suite's seeded server lists it first. */
export type DemoListing = { key: string; path: (lang: 'ko' | 'en') => string }

async function firstDemoListing(request: APIRequestContext): Promise<DemoListing> {
  const answer = await request.get('/cozying-api/v1/home/list?realtor=sora-park&homesPerPage=1')
  expect(answer.status(), 'the demo realtor has listings').toBe(200)
  const body: unknown = await answer.json()
  const homes: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'homes') : undefined
  const first: unknown = Array.isArray(homes) ? homes[0] : undefined
  const key: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'homeId') : undefined
  if (typeof key !== 'string') throw new Error("no demo listing in this build's data")
  return { key, path: (lang) => `${lang === 'en' ? '/en' : ''}/sora-park/homes/${encodeURIComponent(key)}` }
}

/** A server of a spec's own whose mail goes to an SMTP sink the spec reads, with the demo seeded. */
export type ServerWithMail = { server: Server; sink: Awaited<ReturnType<typeof startSmtpSink>> }

type WorkerFixtures = {
  /** What a spec adds to its `serverWithMail`'s environment (`test.use({ serverWithMailEnv })`). */
  serverWithMailEnv: Record<string, string>
  serverWithMail: ServerWithMail
  /**
   * A server of a spec's own seeded as the suite's is (the demo realtor and 1,000 homes), for a
   * test that changes the demo realtor: the other worker's specs read it as seeded meanwhile.
   */
  demoServer: Server
}

export const test = base.extend<{ realtor: PublishedRealtor; demoListing: DemoListing }, WorkerFixtures>({
  serverWithMailEnv: [{}, { scope: 'worker', option: true }],
  /*
   * The suite's server sends no mail; a spec that reads what was mailed starts one of its own,
   * set at start to its sink (SMTP_URL). One per spec file and worker: the runner gives each
   * `serverWithMailEnv` its own worker, and stops the server when that worker ends.
   */
  serverWithMail: [
    async ({ serverWithMailEnv }, provide) => {
      const sink = await startSmtpSink()
      try {
        const server = await startServer({ env: { SMTP_URL: sink.url, SEED_DEMO: 'true', ...serverWithMailEnv } })
        try {
          await provide({ server, sink })
        } finally {
          await server.stop()
        }
      } finally {
        await sink.close()
      }
    },
    // Seeding a data folder and starting the workers takes a while on a shared machine.
    { scope: 'worker', timeout: 180_000 },
  ],

  demoServer: [
    async ({}, provide) => {
      const server = await startServer({ env: { SEED_DEMO: 'true', DEMO_HOMES: '1000' } })
      try {
        await provide(server)
      } finally {
        await server.stop()
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  /** A published realtor of the test's own, signed in on the test's page; deleted after the test. */
  // The runner's hand-over function is named `provide`, not `use`: React's hooks rule would take it for a hook.
  realtor: async ({ page, baseURL }, provide) => {
    const origin = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(page.context().request, origin)
    await provide(realtor)
    await deleteMadeRealtors(origin, [realtor])
  },

  /** A seeded listing of the demo realtor, asked of the suite's server (its keys vary with the build's data). */
  demoListing: async ({ request }, provide) => {
    await provide(await firstDemoListing(request))
  },
})
