/*
 * The stored body is the sanitiser's output (src/server/posts: an allow-list of headings, lists,
 * links, quotes and images), so it is inserted as HTML; the page's Content-Security-Policy
 * (no inline script, no foreign script source) is the second line should anything slip through.
 * Its elements are styled from here, as the editor writes them without classes; the workspace
 * editor and its preview use the same styles, so a post looks there as it will on the page.
 */
export const POST_BODY_CLASS = [
  'space-y-4 leading-relaxed break-words',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-stone-900 dark:[&_h2]:text-stone-50',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-stone-900 dark:[&_h3]:text-stone-50',
  '[&_h4]:mt-6 [&_h4]:font-bold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-[var(--accent-text)] [&_a]:underline [&_a]:underline-offset-4',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-4 [&_blockquote]:italic dark:[&_blockquote]:border-stone-700',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_table]:w-full [&_td]:border [&_td]:border-stone-300 [&_td]:p-2 [&_th]:border [&_th]:border-stone-300 [&_th]:p-2',
].join(' ')
