import { describe, expect, it } from 'vitest'
import { sanitizePostHtml } from '../../src/server/posts/post-html'

/* The allow-list every post body goes through on its way in (issue 28 items 2 and 7). */

const OWN = { ownOrigins: ['https://cozying.example', 'https://sorapark.example'] }
const clean = (html: string) => sanitizePostHtml(html, OWN)

describe('sanitizePostHtml', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2>Schools</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote><hr><pre><code>code</code></pre><p><img src="/uploads/realtors/a/b.webp" alt="Park" width="800" height="600"></p>'
    expect(clean(html)).toBe(
      '<h2>Schools</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote><hr /><pre><code>code</code></pre><p><img src="/uploads/realtors/a/b.webp" alt="Park" width="800" height="600" /></p>',
    )
  })

  it('links to other sites are nofollow unless trusted; links within the site carry no rel; a rel sent is never kept', () => {
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
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">', '<img alt="a" />'],
    ['<svg onload="alert(1)"><circle r="5"/></svg><p>after</p>', '<p>after</p>'],
    ['<style>body{display:none}</style><p style="color:red">styled</p>', '<p>styled</p>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<object data="x.swf"></object><embed src="y">z', 'z'],
    ['<form action="/x"><input name="a"><button>go</button></form>', 'go'],
    // Malformed markup comes out closed (the parser's reading of it), never as a tag left open.
    ['<p>unclosed <strong>bold<p>next', '<p>unclosed <strong>bold<p>next</p></strong></p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<a href="//evil.example/x">protocol-relative</a>', '<a>protocol-relative</a>'],
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
