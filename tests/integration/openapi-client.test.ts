import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../src/server/http/openapi'
import { handleApiRequest } from '../../src/server/http/api'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import {
  anyString,
  api,
  createTestApp,
  ORIGIN,
  PASSWORD,
  signUp,
  uniqueEmail,
  uniqueIp,
  uniqueSlug,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'

/*
 * Issue 32 item 12: the served OpenAPI document is one client generators accept, and stays
 * true to the API. Redocly's CLI lints the whole document (every area's paths, whoever added
 * them) with its recommended rules: no error, no warning. Then openapi-typescript generates the
 * client's types from the document, a small program written against those types is type-checked
 * (a renamed field or path breaks the compile), and openapi-fetch runs it against the app.
 */

const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

type LintProblem = { ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }

function lintProblems(output: string): Array<LintProblem> {
  const parsed: unknown = JSON.parse(output)
  const problems: unknown = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'problems') : undefined
  if (!Array.isArray(problems)) throw new Error(`no problems list in Redocly's answer: ${output.slice(0, 300)}`)
  return problems.map((problem: unknown) => ({
    ruleId: String(Reflect.get(Object(problem), 'ruleId')),
    severity: String(Reflect.get(Object(problem), 'severity')),
    message: String(Reflect.get(Object(problem), 'message')),
    location: [],
  }))
}

const anyNumber: unknown = expect.any(Number)

type UseTheApi = (
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
  account: { email: string; password: string },
  desiredUrl: string,
) => Promise<unknown>

/** The compiled program's export; its parameters are checked by the compile above. */
function isUseTheApi(value: unknown): value is UseTheApi {
  return typeof value === 'function'
}

/** The program a client author would write, typed only by what the document says. */
const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch'
import type { paths } from './api'

export async function useTheApi(baseUrl: string, fetch: (request: Request) => Promise<Response>, account: { email: string; password: string }, desiredUrl: string) {
  const client = createClient<paths>({ baseUrl, fetch })
  const realtor = await client.GET('/realtor/{key}', { params: { path: { key: desiredUrl } } })
  if (!realtor.data) throw new Error('no realtor: ' + JSON.stringify(realtor.error))
  const directory = await client.GET('/realtor', { params: { query: { state: 'CA', pageSize: 5 } } })
  if (!directory.data) throw new Error('no directory: ' + JSON.stringify(directory.error))
  const homes = await client.GET('/home/list', { params: { query: { state: 'CA', city: 'Irvine', homesPerPage: 3, sort: 'price_desc' } } })
  if (!homes.data) throw new Error('no homes: ' + JSON.stringify(homes.error))
  const firstHome = homes.data.homes[0]
  const home = firstHome ? await client.GET('/home/{listingKey}', { params: { path: { listingKey: firstHome.homeId }, query: { lang: 'en' } } }) : undefined
  const signIn = await client.POST('/auth/token', { body: account })
  if (!signIn.data) throw new Error('no token: ' + JSON.stringify(signIn.error))
  const bearer = { authorization: 'Bearer ' + signIn.data.token }
  const messages = await client.GET('/realtor-contacts', { params: { query: { limit: 10 } }, headers: bearer })
  if (!messages.data) throw new Error('no messages: ' + JSON.stringify(messages.error))
  const changed = await client.PATCH('/realtor/{key}', { params: { path: { key: realtor.data.id } }, body: { displayNameEn: 'Typed Client' }, headers: bearer })
  const missing = await client.GET('/realtor/{key}', { params: { path: { key: 'nobody-at-all-zq9' } }, headers: { 'accept-language': 'en' } })
  return {
    realtorId: realtor.data.id,
    desiredUrl: realtor.data.desiredUrl,
    directoryTotal: directory.data.total,
    homeCount: homes.data.homes.length,
    homeId: home?.data?.homeId,
    messageTotal: messages.data.total,
    changedName: changed.data?.displayNameEn,
    missing: { status: missing.response.status, code: missing.error?.code, message: missing.error?.message },
  }
}
`

describe('the OpenAPI document with client generators', () => {
  let app: TestApp
  let folder: string
  let documentFile: string
  const document = buildOpenApiDocument()

  beforeAll(async () => {
    // Inside the project's node_modules, so the generated program resolves openapi-fetch.
    await mkdir(path.join(root, 'node_modules', '.cache'), { recursive: true })
    folder = await mkdtemp(path.join(root, 'node_modules', '.cache', 'openapi-client-'))
    documentFile = path.join(folder, 'openapi.json')
    await writeFile(documentFile, JSON.stringify(document))
    app = await createTestApp('sqlite')
  })

  afterAll(async () => {
    await app?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const cli = path.join(root, 'node_modules', '.bin', 'redocly')
    // Exit code 1 when it finds errors; the JSON report is on stdout either way.
    const { stdout } = await run(cli, ['lint', documentFile, '--extends=recommended', '--format=json'], {
      cwd: folder,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: unknown) => ({ stdout: String(Reflect.get(Object(error), 'stdout') ?? '') }))
    const problems = lintProblems(stdout)
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([])
  }, 60_000)

  it('every operation has the conventions generated clients rely on', () => {
    const ids = new Set<string>()
    for (const [template, methods] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods ?? {})) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || typeof operation !== 'object' || operation === null) continue
        const what = `${method.toUpperCase()} ${template}`
        const operationId: unknown = Reflect.get(operation, 'operationId')
        expect(operationId, `${what}: operationId`).toMatch(/^[a-z][A-Za-z0-9]*$/)
        expect(ids.has(String(operationId)), `${what}: operationId is unique`).toBe(false)
        ids.add(String(operationId))
        expect(Reflect.get(operation, 'security'), `${what}: security, [] when public`).toBeInstanceOf(Array)
        expect(Reflect.get(operation, 'tags'), `${what}: tags`).toEqual([expect.any(String)])
      }
    }
    expect(document.servers).toEqual([{ url: '/cozying-api/v1' }])
  })

  it('a typed client generated from it type-checks and works against the app', async () => {
    await writeFile(path.join(folder, 'api.d.ts'), astToString(await openapiTS(JSON.stringify(document))))
    const programFile = path.join(folder, 'use-the-api.ts')
    await writeFile(programFile, CLIENT_PROGRAM)
    const program = ts.createProgram([programFile], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    expect(diagnostics, 'the program type-checks against the generated types').toEqual([])

    const compiled = ts.transpileModule(CLIENT_PROGRAM, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
    const moduleFile = path.join(folder, 'use-the-api.mjs')
    await writeFile(moduleFile, compiled)
    const loaded: unknown = await import(/* @vite-ignore */ pathToFileURL(moduleFile).href)
    const useTheApi: unknown = Reflect.get(Object(loaded), 'useTheApi')
    if (!isUseTheApi(useTheApi)) throw new Error('the compiled program exports no useTheApi')

    const s = app.services
    await seedDemoHomes(s, 40)
    const email = uniqueEmail('typed-client')
    const token = await signUp(s, email)
    const slug = uniqueSlug('typed')
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: slug }) })
    expect(created.status).toBe(201)

    const baseUrl = new URL(document.servers?.[0]?.url ?? '', ORIGIN).href
    const fetch = (request: Request) => handleApiRequest(request, { services: s, clientIp: uniqueIp() })
    const result: unknown = await useTheApi(baseUrl, fetch, { email, password: PASSWORD }, slug)
    expect(result).toEqual({
      realtorId: created.body.id,
      desiredUrl: slug,
      directoryTotal: anyNumber,
      homeCount: 3,
      homeId: anyString,
      messageTotal: 0,
      changedName: 'Typed Client',
      missing: { status: 404, code: 'NOT_FOUND', message: 'No realtor was found at this address' },
    })
  }, 60_000)
})
