import { expect, test } from '@playwright/test'
import pg from 'pg'
import { findPostgresBin, startCluster, type Cluster } from '../../scripts/postgres-cluster.ts'
import { decodeWords, header, startSmtpSink } from '../integration/smtp-sink.ts'
import { letters, request, startServer, type Answer, type Server } from './own-server.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * Scale-out (issue 30 item 7, decision 047): two separate `npm start` instances, as two
 * machines behind a load balancer would run them, on ONE PostgreSQL. Nothing but the database
 * joins them: each has its own data folder, its own page store in memory and its own scheduled
 * jobs. Requests alternate between them, and the spec proves that what must be shared is shared
 * through the database: a save on one is seen at the other's next request (its stored page is
 * dropped), a rate limit counts the hits of both, and each mail leaves once whichever instance
 * claims it.
 *
 * Its own file rather than a block of page-store.spec.ts: that spec's servers run one
 * `npm start` per database with the suite's generous limits; this one needs two instances with a
 * small contact limit, a trusted proxy hop, a shared auth secret and an SMTP sink, and only on
 * PostgreSQL (SQLite is one machine's file).
 *
 * One worker per instance: a page asked twice of an instance is then certainly in its store
 * (with two workers the second request may reach the worker that has not rendered it yet), and
 * the two workers of one instance are already page-store.spec.ts's subject.
 */

const CONTACT_LIMIT = 4
const AUTH_SECRET = 'scale-out-e2e-secret-shared-by-both-instances'
/** The lead desk's sweep (its minimum): both instances look for pending replies this often. */
const REPLY_SWEEP_SECONDS = 5

type Sink = Awaited<ReturnType<typeof startSmtpSink>>

/** A visitor's message, from the address a trusted proxy in front of the instance saw. */
function postMessage(server: Server, fields: { realtorId: string; clientIp: string; email: string; lastName: string; lang: 'ko' | 'en' }): Promise<Answer> {
  return request(server, 'POST', '/cozying-api/v1/realtor-contacts', {
    headers: { 'x-forwarded-for': fields.clientIp, 'accept-language': fields.lang },
    body: {
      realtorId: fields.realtorId,
      lastName: fields.lastName,
      firstName: 'Minji',
      email: fields.email,
      phone: '9495550100',
      phoneCountryCode: 'US',
      message: 'Please call me about the house.',
      isTerm: 'Y',
      consentLang: fields.lang,
    },
  })
}

test.describe('two npm start instances on one PostgreSQL', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let cluster: Cluster | undefined
  let sink: Sink | undefined
  let a: Server
  let b: Server

  test.beforeAll(async ({}, testInfo) => {
    const bin = findPostgresBin()
    test.skip(bin === undefined, 'no PostgreSQL binaries (install Debian’s postgresql package)')
    if (!bin) return
    testInfo.setTimeout(240_000)
    cluster = await startCluster(bin)
    sink = await startSmtpSink()
    const env = {
      WEB_CONCURRENCY: '1',
      // Instances that share users must share the secret (else each generates its own into its
      // data folder, and a session made on one is refused by the other).
      BETTER_AUTH_SECRET: AUTH_SECRET,
      // Behind a load balancer: the client address is the one it appends, so the tests can be
      // several visitors from one machine.
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_CONTACT: String(CONTACT_LIMIT),
      SMTP_URL: sink.url,
      LEAD_REPLY_INTERVAL_SECONDS: String(REPLY_SWEEP_SECONDS),
      SEED_DEMO: 'true',
    }
    // One after the other: the first migrates and seeds the database, the second finds it done
    // (as a second machine of a deployment would).
    a = await startServer({ databaseUrl: cluster.url, env })
    b = await startServer({ databaseUrl: cluster.url, env })
  })

  test.afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await sink?.close()
    await cluster?.stop()
  })

  test("a save on one instance shows at the other's very next page and API read, and each one's stored copy is dropped", async () => {
    const slug = `scale-${letters(Date.now())}`
    const { id, token } = await createPublishedRealtor(a, { desiredUrl: slug, displayNameEn: 'Avery One', displayNameKo: '첫이름' })
    const reads = [
      { path: `/${slug}`, lang: 'ko' },
      { path: `/en/${slug}`, lang: 'en' },
      { path: `/cozying-api/v1/realtor/${id}`, lang: 'en' },
      { path: `/cozying-api/v1/realtor/${slug}`, lang: 'ko' },
    ] as const
    const names = [
      { en: 'Avery One', ko: '첫이름' },
      { en: 'Avery Two', ko: '둘째이름' },
      { en: 'Avery Three', ko: '셋째이름' },
    ] as const
    const shows = (answer: Answer, name: { en: string; ko: string }, lang: 'ko' | 'en') => answer.body.includes(name[lang])

    // Both stores hold every read at the first name.
    for (const server of [a, b]) {
      for (const read of reads) {
        await request(server, 'GET', read.path)
        const stored = await request(server, 'GET', read.path)
        expect(stored.status, `${server.base}${read.path}`).toBe(200)
        expect(stored.headers['x-cache'], `${server.base}${read.path} is in that instance's store`).toBe('HIT')
        expect(shows(stored, names[0], read.lang), `${server.base}${read.path}`).toBe(true)
      }
    }

    // A saves, B answers next; then B saves, A answers next.
    const rounds = [
      { writer: a, reader: b, before: names[0], after: names[1] },
      { writer: b, reader: a, before: names[1], after: names[2] },
    ] as const
    for (const { writer, reader, before, after } of rounds) {
      const saved = await request(writer, 'PATCH', `/cozying-api/v1/realtor/${id}`, {
        headers: { authorization: `Bearer ${token}` },
        body: { displayNameEn: after.en, displayNameKo: after.ko },
      })
      expect(saved.status, saved.body).toBe(200)
      for (const read of reads) {
        const where = `${reader.base}${read.path}, first read after the save on ${writer.base}`
        const next = await request(reader, 'GET', read.path)
        expect(next.status, where).toBe(200)
        expect(shows(next, after, read.lang), where).toBe(true)
        expect(shows(next, before, read.lang), where).toBe(false)
        // It was a HIT before the save: MISS means the reader's store dropped its copy.
        expect(next.headers['x-cache'], where).toBe('MISS')
        const again = await request(reader, 'GET', read.path)
        expect(again.headers['x-cache'], `${where}, asked again`).toBe('HIT')
        expect(shows(again, after, read.lang), `${where}, asked again`).toBe(true)
      }
      // The writer's own store moved on too.
      for (const read of reads) {
        const own = await request(writer, 'GET', read.path)
        expect(shows(own, after, read.lang), `${writer.base}${read.path} after its own save`).toBe(true)
        expect(shows(own, before, read.lang), `${writer.base}${read.path} after its own save`).toBe(false)
      }
    }
  })

  test('a rate limit counts the hits of both instances: refused at the limit, not at twice the limit', async () => {
    const { id } = await createPublishedRealtor(a, { desiredUrl: `limits-${letters(Date.now())}` })
    // A fixed window (src/server/web/rate-limit.ts): hits straddling its end would start a new
    // count, so begin with room to spare in the current one.
    const windowSeconds = Number(a.env.RATE_LIMIT_WINDOW_SECONDS ?? 60)
    const left = windowSeconds - ((Date.now() / 1000) % windowSeconds)
    if (left < 20) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500))

    const clientIp = '203.0.113.7'
    const answers: Array<{ server: Server; answer: Answer }> = []
    for (let hit = 0; hit < CONTACT_LIMIT * 2; hit++) {
      const server = hit % 2 === 0 ? a : b
      answers.push({
        server,
        answer: await postMessage(server, { realtorId: id, clientIp, email: 'limit-visitor@example.com', lastName: 'Limit', lang: 'en' }),
      })
    }
    const statuses = answers.map(({ answer }) => answer.status)
    // Four allowed (two on each), then every hit refused on both: a limit per instance would
    // have let all eight through.
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(201), ...Array<number>(CONTACT_LIMIT).fill(429)])
    for (const { server, answer } of answers.slice(CONTACT_LIMIT)) {
      const retryAfter = Number(answer.headers['retry-after'])
      expect(retryAfter, `Retry-After from ${server.base}`).toBeGreaterThanOrEqual(1)
      expect(retryAfter, `Retry-After from ${server.base}`).toBeLessThanOrEqual(windowSeconds)
    }
    expect(new Set(answers.slice(CONTACT_LIMIT).map(({ server }) => server.port)).size, 'both instances refused').toBe(2)
    // The limit is the client's, not the instances': another visitor still gets through on each.
    for (const server of [a, b]) {
      const other = await postMessage(server, { realtorId: id, clientIp: '203.0.113.8', email: 'other-visitor@example.com', lastName: 'Other', lang: 'ko' })
      expect(other.status, `${server.base}: ${other.body}`).toBe(201)
    }
  })

  test('with both instances sending, every mail leaves exactly once', async () => {
    if (!sink || !cluster) throw new Error('no sink or cluster')
    const mails = sink
    const realtor = await createPublishedRealtor(b, { desiredUrl: `outbox-${letters(Date.now())}`, displayNameEn: 'Outbox Watcher' })
    const marker = letters(Date.now())
    const visitors = Array.from({ length: 10 }, (_, index) => ({
      server: index % 2 === 0 ? a : b,
      // Each from its own address, so the contact limit of 4 does not stop them.
      clientIp: `198.51.100.${index + 10}`,
      email: `outbox-${marker}-${index}@example.com`,
      lastName: `Visitor${marker}${letters(index)}`,
      lang: index % 3 === 0 ? ('ko' as const) : ('en' as const),
    }))
    // All at once, half through each: each message makes its instance deliver the realtor's
    // notification and sweep every pending lead for its instant reply, so the sweeps of A and B
    // (and their scheduled ones every 5 s) race for the same leads.
    const posted = await Promise.all(visitors.map((visitor) => postMessage(visitor.server, { realtorId: realtor.id, ...visitor })))
    for (const answer of posted) expect(answer.status, answer.body).toBe(201)

    const repliesTo = (email: string) => mails.received.filter((mail) => mail.rcptTo.includes(email)).length
    const notificationsOf = (lastName: string) =>
      mails.received.filter((mail) => mail.rcptTo.includes(realtor.email) && decodeWords(header(mail.raw, 'subject') ?? '').includes(lastName)).length
    await expect
      .poll(() => visitors.every((visitor) => repliesTo(visitor.email) >= 1 && notificationsOf(visitor.lastName) >= 1), {
        message: 'every instant reply and every notification arrives',
        timeout: 45_000,
      })
      .toBe(true)
    // Two more sweeps of each instance: a mail sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, (REPLY_SWEEP_SECONDS * 2 + 1) * 1000))
    for (const visitor of visitors) {
      expect(repliesTo(visitor.email), `instant replies to ${visitor.email}`).toBe(1)
      expect(notificationsOf(visitor.lastName), `notifications of ${visitor.lastName}'s message`).toBe(1)
    }

    // And the database says each was sent in one attempt, none left behind.
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    try {
      const replies = await client.query<{ state: string; attempts: number }>(
        "select state, attempts from mail_outbox where kind = 'lead-reply' and to_address = any($1::text[])",
        [visitors.map((visitor) => visitor.email)],
      )
      expect(replies.rows).toEqual(visitors.map(() => ({ state: 'sent', attempts: 1 })))
      const messages = await client.query<{ delivery_state: string; delivery_attempts: number }>(
        'select delivery_state, delivery_attempts from contact_message where realtor_id = $1',
        [realtor.id],
      )
      expect(messages.rows).toEqual(visitors.map(() => ({ delivery_state: 'sent', delivery_attempts: 1 })))
      const leads = await client.query<{ reply_state: string }>('select reply_state from lead where realtor_id = $1', [realtor.id])
      expect(leads.rows).toEqual(visitors.map(() => ({ reply_state: 'sent' })))
    } finally {
      await client.end()
    }
  })
})
