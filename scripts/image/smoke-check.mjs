#!/usr/bin/env node
/**
 * Uses a started image build as its first users would (scripts/image/smoke-test.sh): the probes,
 * a sign-up, a homepage saved through the REST API and read in both languages, a photo upload
 * (sharp checks it: its native package must have survived the prune), and better-sqlite3 under
 * every write. Exits 1 with the step that failed. Usage: node smoke-check.mjs <base URL>
 */
const base = process.argv[2]
if (!base) {
  console.error('usage: node scripts/image/smoke-check.mjs <base URL>')
  process.exit(2)
}

// An 8×8 JPEG, so the check needs no image library of its own.
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKoAwi//2Q==',
  'base64',
)

async function step(name, run) {
  try {
    await run()
    console.log(`   ok  ${name}`)
  } catch (error) {
    console.error(`   FAILED  ${name}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}

async function call(method, path, { body, token, headers = {}, raw } = {}) {
  const answer = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: base }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(20_000),
  })
  const text = await answer.text()
  return { status: answer.status, headers: answer.headers, text }
}

function expectStatus(answer, status) {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`)
}

const email = `image-smoke-${Date.now()}@example.com`
const slug = `image-smoke-${Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`
let token = ''
let realtorId = ''

await step('GET /readyz is ready (database migrated, storage writable)', async () => {
  const answer = await call('GET', '/readyz')
  expectStatus(answer, 200)
  if (JSON.parse(answer.text).status !== 'ready') throw new Error(answer.text)
})
await step('GET /metrics is 404 without METRICS_TOKEN', async () => expectStatus(await call('GET', '/metrics'), 404))
await step('the landing page renders in Korean and English', async () => {
  for (const path of ['/', '/en']) {
    const answer = await call('GET', path)
    expectStatus(answer, 200)
    if (!answer.text.includes('<html')) throw new Error(`${path} is not a page`)
  }
})
await step('sign-up', async () => {
  const answer = await call('POST', '/api/auth/sign-up/email', { body: { email, password: 'image-smoke-password-1', name: 'Image Smoke' } })
  expectStatus(answer, 200)
  token = answer.headers.get('set-auth-token') ?? ''
  if (!token) throw new Error('no session token')
})
await step('a photo upload (sharp checks the file)', async () => {
  const presigned = await call('POST', '/cozying-api/v1/realtor/presigned-multi-file-upload', {
    token,
    body: { files: [{ path: 'top', contentType: 'image/jpeg', name: 'house.jpg' }] },
  })
  expectStatus(presigned, 200)
  const [item] = JSON.parse(presigned.text)
  const put = await fetch(item.uploadUrl, { method: 'PUT', headers: item.headers, body: JPEG })
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`)
  const stored = await fetch(item.url)
  if (stored.status !== 200 || !(await stored.arrayBuffer()).byteLength) throw new Error(`the stored photo answered ${stored.status}`)
})
await step('a homepage saved through the REST API', async () => {
  const answer = await call('POST', '/cozying-api/v1/realtor', {
    token,
    body: {
      email,
      desiredUrl: slug,
      displayNameKo: '이미지 점검',
      displayNameEn: 'Image Check',
      contactPhone: '949-555-0100',
      phoneCountryCode: 'US',
      activityRegion: [{ state: 'CA', city: 'Irvine' }],
      isMakeHomepage: 'Y',
      licenseNumber: 'DRE #02777777',
      brokerageName: 'Image Check Realty',
    },
  })
  expectStatus(answer, 201)
  realtorId = JSON.parse(answer.text).id
})
await step('the homepage answers in both languages', async () => {
  const korean = await call('GET', `/${slug}`)
  expectStatus(korean, 200)
  if (!korean.text.includes('이미지 점검')) throw new Error('the Korean page lacks the name')
  const english = await call('GET', `/en/${slug}`)
  expectStatus(english, 200)
  if (!english.text.includes('Image Check')) throw new Error('the English page lacks the name')
})
await step('the API reads the homepage back', async () => {
  const answer = await call('GET', `/cozying-api/v1/realtor/${realtorId}`, { headers: { 'accept-language': 'en' } })
  expectStatus(answer, 200)
  if (JSON.parse(answer.text).desiredUrl !== slug) throw new Error(answer.text.slice(0, 300))
})
