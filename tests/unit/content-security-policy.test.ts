import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, pagePolicy } from '~/server/http/content-security-policy'
import { createLocalStorage } from '~/server/uploads/local-storage'
import { createS3Storage } from '~/server/uploads/s3-storage'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe("a page's Content-Security-Policy", () => {
  it('hashes the inline scripts a browser runs, not data blocks or external scripts', () => {
    const html =
      '<head><script>var a = 1</script><script type="module">import "/x.js"</script>' +
      '<script type="application/ld+json">{"@type":"Person"}</script><script src="/assets/app.js"></script>' +
      '<script data-tsr-stream-part="">self.$R=[]</script><script>var a = 1</script></head>'
    expect(inlineScriptHashes(html)).toEqual([sha256('var a = 1'), sha256('import "/x.js"'), sha256('self.$R=[]')])
  })

  it('hashes a script as the browser reads it, line ends made LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha256('a()\nb()\nc()')])
  })

  it('allows scripts from our origin and the hashed ones only; upgrades requests behind TLS', () => {
    const policy = pagePolicy('<script>go()</script>', { secure: false, extraOrigins: ['https://photos.example.com'] })
    expect(policy).toContain(`script-src 'self' ${sha256('go()')};`)
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("connect-src 'self' https://photos.example.com;")
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com;')
    expect(policy).not.toContain('upgrade-insecure-requests')
    expect(pagePolicy('', { secure: true, extraOrigins: [] })).toMatch(/; upgrade-insecure-requests$/)
  })
})

describe('the origins photos are uploaded to and read from (what the policy names besides our own)', () => {
  const s3 = { bucket: 'photos', region: 'us-west-2', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: false }
  it('are the AWS bucket host without an endpoint', () => {
    expect(createS3Storage(s3).browserOrigins).toEqual(['https://photos.s3.us-west-2.amazonaws.com'])
  })
  it('are the public base URL for reading and the bucket for uploads', () => {
    expect(createS3Storage({ ...s3, endpoint: 'https://r2.example.com/', publicBaseUrl: 'https://cdn.example.com/photos' }).browserOrigins).toEqual([
      'https://cdn.example.com',
      'https://photos.r2.example.com',
    ])
    expect(createS3Storage({ ...s3, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }).browserOrigins).toEqual(['http://127.0.0.1:9000'])
  })
  it("are our main host for local disk (a realtor's own domain reads photos from it)", () => {
    expect(
      createLocalStorage({ dir: '/tmp/unused', publicBaseUrl: 'https://homes.example.com', signingSecret: 'a-test-secret-of-32-characters!!' }).browserOrigins,
    ).toEqual(['https://homes.example.com'])
  })
})
