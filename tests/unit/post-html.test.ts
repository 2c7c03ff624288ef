import { describe, expect, it } from 'vitest'
import { sanitizePostBody, sanitizePostHtml } from '../../src/server/posts/post-html'
import { shownImageSource, storedImageSource } from '../../src/server/posts/post-images'
import { createLocalStorage } from '../../src/server/uploads/local-storage'
import { createS3Storage } from '../../src/server/uploads/s3-storage'
import { uploadFolderOf, uploadPrefix } from '../../src/server/uploads/storage'

/* The allow-list every post body goes through on its way in (issue 28 items 2 and 7, issue 48 item 2). */

const SECRET = 'a-test-secret-of-32-characters!!'
const local = createLocalStorage({ dir: '/tmp/unused', publicBaseUrl: 'http://localhost:3000', signingSecret: SECRET })
const OWNER_FOLDER = uploadFolderOf(SECRET, 'owner-user')
const OTHER_FOLDER = uploadFolderOf(SECRET, 'other-user')
const OWN_KEY = `${uploadPrefix(OWNER_FOLDER)}gallery/0b7c.webp`
const OTHER_KEY = `${uploadPrefix(OTHER_FOLDER)}gallery/9f1e.webp`
const OWN = {
  ownOrigins: ['https://cozying.example', 'https://sorapark.example'],
  imageSource: storedImageSource(local, [OWNER_FOLDER]),
}
const clean = (html: string) => sanitizePostHtml(html, OWN)

describe('sanitizePostHtml', () => {
  it('keeps what the editor makes', () => {
    const html = `<h2>Schools</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote><hr><pre><code>code</code></pre><p><img src="/uploads/${OWN_KEY}" alt="Park" width="800" height="600"></p>`
    expect(clean(html)).toBe(
      `<h2>Schools</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote><hr /><pre><code>code</code></pre><p><img src="/uploads/${OWN_KEY}" alt="Park" width="800" height="600" /></p>`,
    )
  })

  it('links to other sites are nofollow unless trusted; links within the site carry no rel; a rel sent is never copied', () => {
    expect(clean('<a href="https://other.example/x" rel="follow">x</a>')).toBe('<a href="https://other.example/x" rel="nofollow noopener">x</a>')
    expect(clean('<a href="https://schools.example" data-trusted="true">y</a>')).toBe('<a href="https://schools.example" rel="noopener">y</a>')
    expect(clean('<a href="/sora-park/homes">homes</a>')).toBe('<a href="/sora-park/homes">homes</a>')
    expect(clean('<a href="https://sorapark.example/market">m</a>')).toBe('<a href="https://sorapark.example/market">m</a>')
    expect(clean('<a href="mailto:a@b.example">mail</a>')).toBe('<a href="mailto:a@b.example" rel="nofollow noopener">mail</a>')
    expect(clean('<a name="x">anchor text</a>')).toBe('anchor text')
  })

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p><img src=x onerror=alert(1) alt="a">text</p>', '<p>text</p>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">', ''],
    ['<svg onload="alert(1)"><circle r="5"/></svg><p>after</p>', '<p>after</p>'],
    ['<style>body{display:none}</style><p style="color:red">styled</p>', '<p>styled</p>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<object data="x.swf"></object><embed src="y">z', 'z'],
    ['<form action="/x"><input name="a"><button>go</button></form>', 'go'],
    // Malformed markup comes out closed (the parser's reading of it), never as a tag left open.
    ['<p>unclosed <strong>bold<p>next', '<p>unclosed <strong>bold<p>next</p></strong></p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<a href="//evil.example/x">protocol-relative</a>', 'protocol-relative'],
  ])('removes %s', (input, output) => {
    const result = clean(input)
    expect(result).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg|<style|style=/i)
    expect(result.replace(/ rel="[^"]*"/g, '')).toBe(output)
  })

  it('turns a Word or Google Docs paste into plain structure: spans, fonts, classes and styles go, the text stays', () => {
    const paste =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial">Irvine </span><span style="font-weight:700">schools</span></p></b><p class="MsoNormal"><o:p>Word</o:p></p><h1>Title</h1>'
    expect(clean(paste)).toBe('<strong><p>Irvine schools</p></strong><p>Word</p><h2>Title</h2>')
  })
})

describe('images in a post (issue 48 item 2)', () => {
  const image = (src: string, rest = ' alt="A porch"') => sanitizePostBody(`<p><img src="${src}"${rest}></p>`, OWN)

  it('keeps only the realtor’s uploads and absolute https: images; drops everything else with no trace', () => {
    expect(image(`/uploads/${OWN_KEY}`).html).toBe(`<p><img src="/uploads/${OWN_KEY}" alt="A porch" /></p>`)
    expect(image('https://images.example/porch.jpg').html).toBe('<p><img src="https://images.example/porch.jpg" alt="A porch" /></p>')
    for (const src of [
      'x',
      'porch.jpg',
      '/favicon.ico',
      '/sora-park/blog',
      'http://images.example/porch.jpg',
      '//images.example/porch.jpg',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      `/uploads/${OTHER_KEY}`,
      `http://localhost:3000/uploads/${OTHER_KEY}`,
      '/uploads/realtors/../auth-secret',
      '/uploads/..%2f..%2fsecret',
      'https:/images.example/x.jpg',
      '',
    ])
      expect(image(src).html, src).toBe('<p></p>')
  })

  it('stores an upload of this site by its site-relative path, whatever origin the upload was given', () => {
    for (const origin of ['http://localhost:3000', 'https://cozying.example', 'https://old-host.example'])
      expect(image(`${origin}/uploads/${OWN_KEY}`).html).toBe(`<p><img src="/uploads/${OWN_KEY}" alt="A porch" /></p>`)
  })

  it('stores an S3 or CDN upload by the same path', () => {
    const s3 = createS3Storage({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'https://s3.example',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.example',
    })
    const body = (src: string) => sanitizePostHtml(`<img src="${src}" alt="A">`, { ownOrigins: [], imageSource: storedImageSource(s3, [OWNER_FOLDER]) })
    expect(body(`https://cdn.example/${OWN_KEY}`)).toBe(`<img src="/uploads/${OWN_KEY}" alt="A" />`)
    expect(body(`https://s3.example/photos/${OWN_KEY}`)).toBe(`<img src="/uploads/${OWN_KEY}" alt="A" />`)
    expect(body(`https://cdn.example/${OTHER_KEY}`)).toBe('')
    // Read back at the store's address of the moment.
    const shown = sanitizePostHtml(`<img src="/uploads/${OWN_KEY}" alt="A">`, { ownOrigins: [], imageSource: shownImageSource(s3) })
    expect(shown).toBe(`<img src="https://cdn.example/${OWN_KEY}" alt="A" />`)
  })

  it('gives every kept image an alt: the description, or "" only when marked decorative; counts the images with neither', () => {
    expect(image(`/uploads/${OWN_KEY}`, ' alt="  A porch  "')).toEqual({ html: `<p><img src="/uploads/${OWN_KEY}" alt="A porch" /></p>`, undescribedImages: 0 })
    expect(image(`/uploads/${OWN_KEY}`, ' alt="" data-decorative="true"')).toEqual({
      html: `<p><img src="/uploads/${OWN_KEY}" alt="" data-decorative="true" /></p>`,
      undescribedImages: 0,
    })
    expect(image('https://images.example/a.jpg', '')).toEqual({ html: '<p><img src="https://images.example/a.jpg" alt="" /></p>', undescribedImages: 1 })
    expect(image('https://images.example/a.jpg', ' alt="   "')).toEqual({
      html: '<p><img src="https://images.example/a.jpg" alt="" /></p>',
      undescribedImages: 1,
    })
    // A description wins over a stray mark; a dropped image is never counted.
    expect(image('https://images.example/a.jpg', ' alt="Kitchen" data-decorative').html).toBe('<p><img src="https://images.example/a.jpg" alt="Kitchen" /></p>')
    expect(image('x', '').undescribedImages).toBe(0)
  })

  it('keeps sizes only as numbers', () => {
    expect(image('https://images.example/a.jpg', ' alt="A" width="800" height="100%"').html).toBe(
      '<p><img src="https://images.example/a.jpg" alt="A" width="800" /></p>',
    )
  })

  it('reads a stored body back unchanged apart from addresses: trusted links stay trusted, own links stay bare', () => {
    const stored = clean(
      `<p><a href="https://schools.example" data-trusted="true">t</a> <a href="https://other.example">o</a> <a href="/sora-park">own</a><img src="/uploads/${OWN_KEY}" alt="" data-decorative="true"></p>`,
    )
    const shown = sanitizePostHtml(stored, { ownOrigins: OWN.ownOrigins, imageSource: shownImageSource(local) })
    expect(shown).toBe(
      `<p><a href="https://schools.example" rel="noopener">t</a> <a href="https://other.example" rel="nofollow noopener">o</a> <a href="/sora-park">own</a><img src="http://localhost:3000/uploads/${OWN_KEY}" alt="" data-decorative="true" /></p>`,
    )
    // The feed's reading: site-relative links made absolute.
    const feed = sanitizePostHtml(stored, { ownOrigins: OWN.ownOrigins, imageSource: shownImageSource(local), absoluteOrigin: 'https://sorapark.example' })
    expect(feed).toContain('<a href="https://sorapark.example/sora-park">own</a>')
  })
})
