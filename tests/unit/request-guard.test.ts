import { describe, expect, it } from 'vitest'
import { refuseUnanswerable } from '../../src/server/http/request-guard'

/*
 * Issue 48 item 10: a malformed `%` escape under /api/auth/ or on the upload PUT path answered
 * 400 text/plain ("올바른 주소가 아닙니다") while every other API path answered the JSON error.
 */

async function refused(method: string, path: string, lang: string) {
  const url = new URL(`http://localhost${path}`)
  const response = await refuseUnanswerable(new Request(url, { method, headers: { 'accept-language': lang } }), url)
  if (!response) throw new Error(`${method} ${path} was let through`)
  return response
}

describe('a malformed escape on a path programs call (issue 48)', () => {
  it.each([
    ['PATCH', '/api/auth/%ED%A0%80'],
    ['POST', '/api/auth/sign-in/%E0%A4%A'],
    ['PUT', '/uploads/%ED%A0%80'],
    ['PUT', '/uploads/realtors/x/%E0%A4%A.jpg?ct=image%2Fjpeg'],
    ['GET', '/uploads/%E0%A4%A'],
    ['POST', '/_serverFn/%E0%A4%A'],
    ['GET', '/cozying-api/v1/realtor/%E0%A4%A'],
  ])("%s %s answers the JSON error body in the reader's language", async (method, path) => {
    const ko = await refused(method, path, 'ko')
    expect(ko.status).toBe(400)
    expect(ko.headers.get('content-type')).toMatch(/^application\/json/)
    expect(ko.headers.get('content-language')).toBe('ko')
    expect(await ko.json()).toEqual({ code: 'BAD_REQUEST', message: '올바른 주소가 아닙니다' })
    const en = await refused(method, path, 'en')
    expect(en.headers.get('content-language')).toBe('en')
    expect(await en.json()).toEqual({ code: 'BAD_REQUEST', message: 'This address is not valid' })
  })

  it('still answers a page with text in the language of its path', async () => {
    const page = await refused('GET', '/en/sora-park/%E0%A4%A', 'ko')
    expect(page.status).toBe(400)
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await page.text()).toBe('This address is not valid')
  })
})

describe('a form posted before the scripts loaded', () => {
  it.each([
    ['/sora-park?x=1', '/sora-park?x=1'],
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example/x', '/evil.example/x'],
    ['///evil.example?a=b', '/evil.example?a=b'],
    // A sign-in page is told that nothing was sent.
    ['/login', '/login?unsent=1'],
    ['/en/sora-park/login?redirect=%2Fen%2Fsora-park', '/en/sora-park/login?redirect=%2Fen%2Fsora-park&unsent=1'],
  ])('POST %s is sent back to %s, never to another site', async (path, back) => {
    const response = await refused('POST', path, 'en')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(back)
  })
})
