import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'
import { envSchema } from '~/server/config/env'

/*
 * Docker cannot run on the CI machine (issue 30 item 6), so the image's build and start steps are
 * scripts CI runs (scripts/image/smoke-test.sh). What remains is that the Dockerfile and
 * compose.yaml keep calling those scripts, on the Node the project pins, with settings the app
 * reads: checked here, so an edit to one without the other fails the tests.
 */

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

const dockerfile = read('Dockerfile')
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))

const packageJson = z.object({ devDependencies: z.record(z.string(), z.string()) }).parse(JSON.parse(read('package.json')))

const service = z.object({
  image: z.string().optional(),
  build: z.string().optional(),
  environment: z.record(z.string(), z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  depends_on: z.union([z.array(z.string()), z.record(z.string(), z.object({ condition: z.string() }))]).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
})
const compose = z.object({ services: z.record(z.string(), service) }).parse(parse(read('compose.yaml'), { merge: true }))

describe('the container image', () => {
  it('is built and started by the scripts CI runs', () => {
    expect(instructions).toContain('RUN sh scripts/image/build.sh')
    expect(instructions.at(-1)).toBe('CMD ["sh", "scripts/image/start.sh"]')
    for (const script of ['scripts/image/build.sh', 'scripts/image/start.sh', 'scripts/image/healthcheck.mjs']) {
      expect(fs.existsSync(path.join(root, script)), script).toBe(true)
    }
    expect(read('scripts/test-all.sh')).toContain('scripts/image/smoke-test.sh')
  })

  it('runs on the Node version the project pins, slim, in both stages', () => {
    const bases = instructions.filter((line) => line.startsWith('FROM ')).map((line) => line.split(/\s+/)[1])
    expect(bases).toEqual([`node:${packageJson.devDependencies.node}-bookworm-slim`, `node:${packageJson.devDependencies.node}-bookworm-slim`])
  })

  it('runs as a non-root user with its data in a volume and a health check on /healthz', () => {
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')))
    expect(runtime).toContain('USER node')
    expect(runtime.indexOf('USER node')).toBeLessThan(runtime.findIndex((line) => line.startsWith('CMD ')))
    expect(runtime).toContain('VOLUME ["/data"]')
    expect(runtime.join('\n')).toMatch(/DATA_DIR=\/data/)
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK '))).toMatch(/CMD \["node", "scripts\/image\/healthcheck.mjs"\]$/)
    expect(read('scripts/image/healthcheck.mjs')).toContain('/healthz')
  })
})

describe('compose.yaml, the topology at scale', () => {
  const apps = Object.entries(compose.services).filter(([, definition]) => definition.build === '.')

  it('runs two instances of the image on one PostgreSQL and one S3-compatible store behind a proxy', () => {
    expect(apps.map(([name]) => name)).toEqual(['app-1', 'app-2'])
    const [first, second] = apps.map(([, definition]) => definition.environment ?? {})
    expect(first).toEqual(second)
    expect(first?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//)
    expect(first?.S3_BUCKET).toBeTruthy()
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+\.\d+/)
    expect(compose.services.storage?.image).toMatch(/:RELEASE\./)
    expect(compose.services.proxy?.image).toMatch(/^nginx:\d+\.\d+\.\d+/)
  })

  it('trusts exactly the one proxy hop nginx appends', () => {
    for (const [name, definition] of apps) expect(definition.environment?.TRUSTED_PROXY_HOPS, name).toBe('1')
    const nginx = read('deploy/nginx.conf')
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for')
    // The app believes the forwarded host and scheme behind that hop: nginx must write them, not pass a client's on.
    expect(nginx).toContain('proxy_set_header X-Forwarded-Host $host')
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme')
    for (const [name] of apps) expect(nginx).toContain(`server ${name}:3000`)
  })

  it('sets only settings the app reads', () => {
    // The app's settings, and the launcher's own (scripts/serve.mjs reads them before any app code).
    const launcher = [...read('scripts/serve.mjs').matchAll(/positiveInteger\('([A-Z_]+)'/g)].map((match) => match[1])
    expect(launcher).toContain('WEB_CONCURRENCY')
    const known = new Set([...Object.keys(envSchema.shape), ...launcher])
    for (const [name, definition] of apps) {
      for (const key of Object.keys(definition.environment ?? {})) expect(known.has(key), `${name}: ${key}`).toBe(true)
    }
  })
})
