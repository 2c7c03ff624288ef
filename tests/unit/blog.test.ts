import { describe, expect, it } from 'vitest'
import { blogPostingJsonLd } from '../../src/features/blog/blog-head'
import { inlineScriptHashes } from '../../src/server/http/content-security-policy'
import { isReservedPath } from '../../src/lib/reserved-paths'
import { toInternalPath, toPublicPath } from '../../src/lib/own-domain-paths'
import type { BlogPost } from '../../src/schemas/blog'
import { blogSearchSchema } from '../../src/schemas/blog-search'
import { publicPageRule, publicSearchString } from '../../src/schemas/public-search'
import { inertStoredHtml } from '../../src/server/blog/inert-html'
import { postLangs, shownLangOf } from '../../src/server/blog/public-posts'

/* The blog's pure rules (issue 28): addresses, the page store's view of them, languages, JSON-LD, and stored markup made inert. */

describe('blog addresses', () => {
  it('reserves `blog`, so no realtor can take the address an own domain serves the blog at', () => {
    expect(isReservedPath('blog')).toBe(true)
    expect(isReservedPath('Blog')).toBe(true)
  })

  it('maps an own domain’s blog to the realtor’s pages and back', () => {
    expect(toInternalPath('/blog', 'jane')).toBe('/jane/blog')
    expect(toInternalPath('/en/blog/hello', 'jane')).toBe('/en/jane/blog/hello')
    expect(toInternalPath('/blog/rss.xml', 'jane')).toBe('/jane/blog/rss.xml')
    expect(toPublicPath('/en/jane/blog/hello', 'jane')).toBe('/en/blog/hello')
  })

  it('is answered by the page store on our host and on own domains, and nothing deeper', () => {
    for (const path of ['/jane/blog', '/en/jane/blog', '/blog', '/en/blog']) expect(publicPageRule(path)?.search, path).toBe(blogSearchSchema)
    for (const path of ['/jane/blog/hello', '/en/jane/blog/rss.xml', '/blog/hello', '/en/blog/rss.xml']) expect(publicPageRule(path)?.search, path).toBe('none')
    for (const path of ['/jane/blog/', '/jane/blog/a/b', '/admin/blog', '/blog/a/b', `/jane/blog/${'x'.repeat(201)}`])
      expect(publicPageRule(path), path).toBeUndefined()
  })

  it('keys a list by its filters in their order, dropping what it does not read', () => {
    expect(publicSearchString('/jane/blog', '?page=2&utm_source=kakao&tag=schools&kind=guide')).toBe('?kind=guide&tag=schools&page=2')
    expect(publicSearchString('/jane/blog', '?kind=poem&page=0')).toBe('')
    expect(publicSearchString('/jane/blog/hello', '?page=2')).toBe('')
  })
})

describe('a post’s languages', () => {
  it('shows the page’s language when written, else the other one', () => {
    expect(postLangs({ titleKo: '제목', titleEn: null })).toEqual(['ko'])
    expect(shownLangOf({ titleKo: '제목', titleEn: null }, 'en')).toBe('ko')
    expect(shownLangOf({ titleKo: '제목', titleEn: 'Title' }, 'en')).toBe('en')
  })
})

describe('BlogPosting JSON-LD', () => {
  const post: BlogPost = {
    slug: 'hello',
    kind: 'guide',
    title: 'A guide to Woodbridge',
    summary: 'Lakes and trails',
    shownLang: 'en',
    langs: ['ko', 'en'],
    publishedAt: '2026-04-01T10:00:00.000Z',
    updatedAt: '2026-04-02T10:00:00.000Z',
    coverPhotoUrl: '/uploads/cover.jpg',
    tags: ['irvine', 'parks'],
    city: 'Irvine',
    state: 'CA',
    postalCode: null,
    bodyHtml: '<p>Body</p>',
    listingsRegion: 0,
    marketCity: null,
  }

  it('names the realtor as author, the dates, the language and an absolute image', () => {
    const data = blogPostingJsonLd(post, {
      url: 'https://x.test/en/jane/blog/hello',
      origin: 'https://x.test',
      author: { name: 'Jane Kim', url: 'https://x.test/en/jane' },
      image: post.coverPhotoUrl ?? undefined,
    })
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'A guide to Woodbridge',
      datePublished: '2026-04-01T10:00:00.000Z',
      dateModified: '2026-04-02T10:00:00.000Z',
      inLanguage: 'en',
      image: 'https://x.test/uploads/cover.jpg',
      author: { '@type': 'RealEstateAgent', name: 'Jane Kim', url: 'https://x.test/en/jane' },
      keywords: 'irvine, parks',
      about: { '@type': 'Place', name: 'Irvine, CA' },
    })
  })
})

describe('stored markup on a page', () => {
  it('leaves no script for the page’s CSP to hash and allow', () => {
    const stored = '<p>a</p><script>alert(1)</script><SCRIPT src=x></SCRIPT><svg><script>b()</script></svg><iframe srcdoc="<script>c()</script>"></iframe>'
    const inert = inertStoredHtml(stored)
    expect(inert).not.toMatch(/<script/i)
    expect(inlineScriptHashes(inert)).toEqual([])
    expect(inertStoredHtml('<h2>Title</h2><ul><li>x</li></ul><a href="https://a.test" rel="nofollow noopener">a</a>')).toBe(
      '<h2>Title</h2><ul><li>x</li></ul><a href="https://a.test" rel="nofollow noopener">a</a>',
    )
  })

  it('cannot forge the marker that lets an analytics tag’s host load scripts', () => {
    expect(inertStoredHtml('<p data-analytics-tag="G-ABCDEFGH">x</p>')).toBe('<p data-removed="G-ABCDEFGH">x</p>')
  })
})
