/**
 * What Word and Google Docs put into the clipboard besides the text: Word writes its own list
 * bullets ("·", "1.") inside `supportLists` conditionals, which would double every list's
 * markers; conditional and ordinary comments, `<o:p>`, XML islands and style sheets would leave
 * stray text. They go before the editor's schema reads the rest (which drops spans, fonts,
 * classes and styles, and Google Docs' all-wrapping `<b style="font-weight:normal">`).
 */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--\[if !supportLists\]-->[\s\S]*?<!--\[endif\]-->/gi, '')
    .replace(/<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi, '')
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[(?:if[^\]]*|endif)\]>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<xml[\s\S]*?<\/xml>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
}
