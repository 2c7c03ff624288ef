import { describe, expect, it } from 'vitest'
import { cleanPastedHtml } from '../../src/features/posts/pasted-html'
import { EMPTY_POST_FORM, formToPost, fromLocalInput, slugFromTitle, tagsFromText, toLocalInput } from '../../src/features/posts/post-form-values'
import { postCreateSchema } from '../../src/schemas/posts'

/* The workspace's post form (issue 28): what it suggests, what it sends, what it cleans from a paste. */

describe('slugFromTitle', () => {
  it('makes lowercase ASCII words joined by single hyphens', () => {
    expect(slugFromTitle('Irvine Schools: A 2026 Guide!')).toBe('irvine-schools-a-2026-guide')
    expect(slugFromTitle('  Café  crème — déjà vu ')).toBe('cafe-creme-deja-vu')
  })
  it('suggests nothing from a Korean title', () => {
    expect(slugFromTitle('어바인 학군 안내')).toBe('')
  })
  it('stops at a word within 80 characters', () => {
    const slug = slugFromTitle('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug.endsWith('-')).toBe(false)
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  })
})

describe('tagsFromText', () => {
  it('splits on commas (Korean and full-width too), trims and drops blanks and repeats', () => {
    expect(tagsFromText(' schools, Irvine ,, schools、학군，이사 ')).toEqual(['schools', 'Irvine', '학군', '이사'])
    expect(tagsFromText('')).toEqual([])
  })
})

describe('datetime-local values', () => {
  it('round-trip an instant to the minute in the browser’s zone', () => {
    const iso = '2026-12-01T17:30:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('not a time')).toBeNull()
    expect(toLocalInput(null)).toBe('')
  })
})

describe('formToPost', () => {
  const values = { ...EMPTY_POST_FORM, slug: ' my-post ', titleEn: 'Title', bodyEn: '<p>Hi</p>', tags: 'a, b', city: 'Irvine', state: 'CA' }

  it('sends what a write takes, which the API schema accepts', () => {
    const sent = formToPost(values, null)
    expect(sent).toMatchObject({ slug: 'my-post', status: 'draft', publishAt: null, titleKo: null, titleEn: 'Title', tags: ['a', 'b'] })
    expect(postCreateSchema.safeParse(sent).success).toBe(true)
  })
  it('sends a place only with a guide', () => {
    expect(formToPost(values, null)).toMatchObject({ city: null, state: null, postalCode: null })
    expect(formToPost({ ...values, kind: 'guide' }, null)).toMatchObject({ city: 'Irvine', state: 'CA' })
  })
  it('sends a scheduled post’s chosen time, no time for "publish now", and a published post’s own time', () => {
    const at = toLocalInput('2026-12-24T09:00:00.000Z')
    expect(formToPost({ ...values, status: 'scheduled', publishAtLocal: at }, null).publishAt).toBe('2026-12-24T09:00:00.000Z')
    expect(formToPost({ ...values, status: 'published', publishAtLocal: at }, null).publishAt).toBeNull()
    expect(formToPost({ ...values, status: 'published' }, '2026-01-02T03:04:05.678Z').publishAt).toBe('2026-01-02T03:04:05.678Z')
    expect(formToPost({ ...values, status: 'draft', publishAtLocal: at }, '2026-01-02T03:04:05.678Z').publishAt).toBeNull()
  })
})

describe('cleanPastedHtml', () => {
  it('drops Word’s own list markers, conditionals, comments, o:p, XML and styles, keeping the text', () => {
    const word = [
      '<xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml>',
      '<style>p.MsoNormal { margin: 0 }</style>',
      '<p class="MsoListParagraph"><!--[if !supportLists]--><span>·<span>&nbsp;&nbsp;</span></span><!--[endif]-->First item<o:p></o:p></p>',
      '<p><![if !supportLists]><span>2.</span><![endif]>Second item</p>',
      '<!--[if gte mso 9]><xml>junk</xml><![endif]-->',
      '<p>Plain<!-- a comment --> text</p>',
    ].join('')
    const cleaned = cleanPastedHtml(word)
    expect(cleaned).toBe('<p class="MsoListParagraph">First item</p><p>Second item</p><p>Plain text</p>')
  })
  it('leaves ordinary markup alone', () => {
    const html = '<h2>Title</h2><ul><li>a</li></ul><p><a href="https://example.org">link</a></p>'
    expect(cleanPastedHtml(html)).toBe(html)
  })
})
