import { describe, expect, it } from 'vitest'
import { absoluteMailUrl, MAIL_COLOURS, mailBodyRow, mailButton, mailDocument, mailFinePrintRow, mailLink, mailParagraph } from '~/server/mail/mail-html'
import { realtorFinePrintRow } from '~/server/mail/realtor-mail'

describe("the pieces every mail's HTML is made of", () => {
  it('escape what they are given, text and addresses alike', () => {
    expect(mailParagraph('Tom & <b>Jerry</b>')).toBe('<p style="margin:0 0 12px;">Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;</p>')
    const link = mailLink('https://x.example/a?b=1&c="2"', '<Open>')
    expect(link).toContain('href="https://x.example/a?b=1&amp;c=&quot;2&quot;"')
    expect(link).toContain('>&lt;Open&gt;</a>')
    expect(mailButton('https://x.example/?a&b', 'Go <now>')).toContain('href="https://x.example/?a&amp;b"')
    expect(mailButton('https://x.example/', 'Go <now>')).toContain('>Go &lt;now&gt;</a>')
  })

  it('make a stored path absolute against the page it belongs to, keep http(s), and drop the rest', () => {
    const page = 'https://sora.example/en/sora-park'
    expect(absoluteMailUrl('/uploads/a b.jpg', page)).toBe('https://sora.example/uploads/a%20b.jpg')
    expect(absoluteMailUrl('HTTPS://cdn.example/x.jpg', page)).toBe('HTTPS://cdn.example/x.jpg')
    expect(absoluteMailUrl('uploads/x.jpg', page)).toBeNull()
    // A path never leads to another host, however it is spelled.
    expect(absoluteMailUrl('//evil.example/x.jpg', page)).toBeNull()
    expect(absoluteMailUrl('/\\evil.example/x.jpg', page)).toBeNull()
    expect(absoluteMailUrl('//[x.jpg', page)).toBeNull()
    expect(absoluteMailUrl('data:image/png;base64,AAAA', page)).toBeNull()
    expect(absoluteMailUrl(null, page)).toBeNull()
  })

  it('give a paragraph its spacing first, so a style of its own replaces it', () => {
    expect(mailParagraph('Last', 'margin:0;')).toBe('<p style="margin:0 0 12px;margin:0;">Last</p>')
  })

  it('draw links and buttons in one colour, and the small print below a rule', () => {
    expect(mailLink('https://x.example/', 'a')).toContain(`color:${MAIL_COLOURS.link};`)
    expect(mailButton('https://x.example/', 'a')).toContain(`background:${MAIL_COLOURS.link};`)
    expect(mailFinePrintRow('x')).toContain(`border-top:1px solid ${MAIL_COLOURS.rule};`)
    expect(mailBodyRow('x')).not.toContain('border-top')
  })

  it("close a realtor's mail with why it came, links only of the web, and the sender: postal address only when there is one", () => {
    const realtor = { name: 'Sora <Park>', email: 'sora@x.example', postalAddress: '1 Main St & Co' }
    const links = [
      { href: 'https://x.example/manage?a=1&b=2', label: 'Manage' },
      { href: 'javascript:alert(1)', label: 'Unsubscribe' },
    ]
    const row = realtorFinePrintRow(realtor, 'Because <you> asked', links)
    expect(row).toContain('Because &lt;you&gt; asked</p>')
    expect(row).toContain('href="https://x.example/manage?a=1&amp;b=2"')
    expect(row).not.toContain('javascript:')
    expect(row).toContain('Sora &lt;Park&gt; · <a href="mailto:sora@x.example"')
    expect(row).toContain('1 Main St &amp; Co</p>')
    expect(realtorFinePrintRow({ ...realtor, postalAddress: null }, 'Why', links)).not.toContain('Main St')
  })

  it('frame the rows in a document in the mail’s language, its title escaped', () => {
    const html = mailDocument({ lang: 'ko', title: 'A & B', rows: mailBodyRow(mailParagraph('안녕하세요')) })
    expect(html).toContain('<html lang="ko">')
    expect(html).toContain('<title>A &amp; B</title>')
    expect(html).toContain('안녕하세요</p>')
  })
})
