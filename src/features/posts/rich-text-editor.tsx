import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import Image from '@tiptap/extension-image'
import Link from '@tiptap/extension-link'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState, type ReactNode } from 'react'
import { describedBy, FieldRow } from '~/components/form/field-row'
import { inputClass } from '~/components/form/inputs'
import { Button, LineIcon } from '~/components/ui'
import { POST_BODY_CLASS } from '~/features/blog/post-body'
import { cleanPastedHtml } from './pasted-html'

/*
 * The post editor (issue 28 item 2): Tiptap, loaded only when the workspace opens a post (see
 * post-form.tsx), never on a public page. Its schema is the sanitiser's allow-list, so what it
 * cannot hold (a Word paste's styles, fonts and classes, scripts, frames) is dropped as it is
 * pasted; the server sanitises again whatever arrives (src/server/posts/post-html.ts).
 */

/**
 * A link the realtor vouches for keeps search engines' trust: the editor marks it `data-trusted`
 * and the sanitiser then writes `noopener` without `nofollow`. A stored link without `nofollow`
 * was trusted, so opening the post again shows it so.
 */
const TrustedLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      trusted: {
        default: false,
        parseHTML: (element: HTMLElement) => {
          if (element.hasAttribute('data-trusted')) return true
          const rel = (element.getAttribute('rel') ?? '').split(/\s+/)
          return rel.includes('noopener') && !rel.includes('nofollow')
        },
        renderHTML: (attributes: Record<string, unknown>) => (attributes.trusted === true ? { 'data-trusted': 'true' } : {}),
      },
    }
  },
})

/**
 * A photo the realtor marked as decoration: `alt=""` is then meant, and the mark says so, to the
 * server's sanitiser (which refuses a photo with neither a description nor the mark) and to this
 * editor when the post is opened again (decision 053).
 */
const DescribedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      decorative: {
        default: false,
        parseHTML: (element: HTMLElement) => element.hasAttribute('data-decorative') && (element.getAttribute('alt') ?? '').trim() === '',
        renderHTML: (attributes: Record<string, unknown>) => (attributes.decorative === true ? { 'data-decorative': 'true' } : {}),
      },
    }
  },
})

export type UploadedImage = { ok: true; url: string } | { ok: false; message: string }

export type RichTextEditorProps = {
  /** The HTML to start from; later changes of the prop are not applied (the editor owns its text). */
  initialHtml: string
  onChange: (html: string) => void
  labelId: string
  describedBy?: string
  invalid: boolean
  testId: string
  uploadImage: (file: File) => Promise<UploadedImage>
}

/** The toolbar's line icons: only the workspace loads them, so they stay out of the shared set. */
const TOOL_ICONS = {
  bullets: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 4.5 5.5 4v5M3.5 14.5c.6-1 2.5-.9 2.5.4 0 1.3-2.5 2-2.5 3.1H6',
  quote: 'M5 7h5v5c0 3-1.5 5-4.5 5.5M14 7h5v5c0 3-1.5 5-4.5 5.5',
  link: 'M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1',
  photo: 'M3.5 5h17v14h-17zM3.5 16l5-5 4 4 3-3 5 5M15.5 9h.01',
  undo: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  redo: 'm15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h3',
} as const

function ToolIcon({ name }: { name: keyof typeof TOOL_ICONS }) {
  return <LineIcon path={TOOL_ICONS[name]} className="size-5" strokeWidth={2} />
}

function ToolButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string
  pressed?: boolean
  onClick: () => void
  disabled?: boolean
  children: ReactNode
  testId?: string
}) {
  return (
    <button
      type="button"
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-40 aria-pressed:bg-stone-900 aria-pressed:text-white dark:text-stone-100 dark:hover:bg-stone-800 dark:aria-pressed:bg-stone-100 dark:aria-pressed:text-stone-900"
    >
      {/* The name is the words ("Heading"); "H2" or the icon is only its picture. */}
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </button>
  )
}

/** The panel's first field takes the focus when the toolbar opens it, as a dialog's would. */
const focusOnMount = (element: HTMLInputElement | null) => element?.focus()

/** A panel the toolbar opens above the text (a link's address, a photo), named by its title. */
function ToolPanel({
  title,
  testId,
  action,
  onCancel,
  children,
}: {
  title: ReactNode
  testId: string
  action: { label: ReactNode; onClick: () => void; disabled?: boolean; testId: string }
  onCancel: () => void
  children: ReactNode
}) {
  const id = useId()
  return (
    // A div, not a form: the post's own form holds the editor, and forms cannot nest.
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-3 border-b border-stone-200 p-3 dark:border-stone-800" data-testid={testId}>
      <p id={`${id}-title`} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
        {title}
      </p>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="md" onClick={action.onClick} disabled={action.disabled} data-testid={action.testId}>
          {action.label}
        </Button>
        <Button variant="ghost" size="md" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  )
}

function LinkPanel({ editor, onClose, testId }: { editor: Editor; onClose: () => void; testId: string }) {
  const { t } = useLingui()
  const id = useId()
  const current = editor.getAttributes('link')
  const [href, setHref] = useState(typeof current.href === 'string' ? current.href : '')
  const [trusted, setTrusted] = useState(current.trusted === true)
  const [error, setError] = useState('')
  const errors = error ? [error] : []
  const apply = () => {
    const value = href.trim()
    if (value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      onClose()
      return
    }
    const withScheme = /^[a-z][a-z0-9+.-]*:|^\//i.test(value) ? value : `https://${value}`
    if (!/^(https?:|mailto:|tel:|\/)/i.test(withScheme)) {
      setError(t`Enter a web address (https://…), an e-mail (mailto:…) or a phone number (tel:…).`)
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: withScheme }).updateAttributes('link', { trusted }).run()
    onClose()
  }
  return (
    <ToolPanel
      title={<Trans>Link</Trans>}
      testId={`${testId}-link-panel`}
      action={{ label: <Trans>Apply link</Trans>, onClick: apply, testId: `${testId}-link-apply` }}
      onCancel={onClose}
    >
      <FieldRow
        id={`${id}-href`}
        label={<Trans>Address</Trans>}
        hint={error ? undefined : <Trans>Leave it empty to remove the link.</Trans>}
        errors={errors}
        announce
      >
        <input
          id={`${id}-href`}
          value={href}
          onChange={(event) => {
            setHref(event.target.value)
            setError('')
          }}
          onKeyDown={(event) => {
            // Enter would send the post's form; here it applies the link.
            if (event.key === 'Enter') {
              event.preventDefault()
              apply()
            }
            if (event.key === 'Escape') onClose()
          }}
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          aria-invalid={error !== ''}
          aria-describedby={describedBy(`${id}-href`, { hint: !error, errors })}
          className={inputClass}
          data-testid={`${testId}-link-href`}
          ref={focusOnMount}
        />
      </FieldRow>
      <div className="flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200">
        <input
          id={`${id}-trusted`}
          type="checkbox"
          checked={trusted}
          onChange={(event) => setTrusted(event.target.checked)}
          className="mt-0.5 size-4 shrink-0"
          data-testid={`${testId}-link-trusted`}
        />
        <label htmlFor={`${id}-trusted`}>
          <Trans>I trust this site: let search engines follow the link (links to other sites are marked “nofollow” otherwise).</Trans>
        </label>
      </div>
    </ToolPanel>
  )
}

function ImagePanel({
  editor,
  onClose,
  uploadImage,
  testId,
}: {
  editor: Editor
  onClose: () => void
  uploadImage: RichTextEditorProps['uploadImage']
  testId: string
}) {
  const { t } = useLingui()
  const id = useId()
  // A photo selected in the text: the panel edits its description instead of adding a photo.
  const [editing] = useState(() => editor.isActive('image'))
  const current = editing ? editor.getAttributes('image') : {}
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState(typeof current.alt === 'string' ? current.alt : '')
  const [decorative, setDecorative] = useState(current.decorative === true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [altError, setAltError] = useState('')
  const fileErrors = error ? [error] : []
  const altErrors = altError ? [altError] : []
  const apply = async () => {
    const description = decorative ? '' : alt.trim()
    if (!editing && !file) {
      setError(t`Choose a photo.`)
      return
    }
    if (!decorative && description === '') {
      setAltError(t`Describe the photo, or mark it as decorative.`)
      return
    }
    if (editing) {
      editor.chain().focus().updateAttributes('image', { alt: description, decorative }).run()
      onClose()
      return
    }
    if (!file) return
    setBusy(true)
    setError('')
    const uploaded = await uploadImage(file)
    setBusy(false)
    if (!uploaded.ok) {
      setError(uploaded.message)
      return
    }
    editor
      .chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src: uploaded.url, alt: description, decorative } })
      .run()
    onClose()
  }
  return (
    <ToolPanel
      title={editing ? <Trans>Photo description</Trans> : <Trans>Photo</Trans>}
      testId={`${testId}-image-panel`}
      action={{
        label: busy ? <Trans>Uploading…</Trans> : editing ? <Trans>Apply</Trans> : <Trans>Insert photo</Trans>,
        onClick: () => void apply(),
        disabled: busy,
        testId: `${testId}-image-insert`,
      }}
      onCancel={onClose}
    >
      {editing ? null : (
        <FieldRow id={`${id}-file`} label={<Trans>Photo file (JPEG, PNG, WebP or AVIF)</Trans>} errors={fileErrors} announce>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setError('')
            }}
            aria-invalid={error !== ''}
            aria-describedby={describedBy(`${id}-file`, { errors: fileErrors })}
            className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-medium dark:text-stone-200 dark:file:bg-stone-800 dark:file:text-stone-100"
            data-testid={`${testId}-image-file`}
          />
        </FieldRow>
      )}
      <FieldRow
        id={`${id}-alt`}
        label={<Trans>What the photo shows</Trans>}
        hint={altError ? undefined : <Trans>Read aloud to visitors who cannot see it, and read by search engines.</Trans>}
        errors={altErrors}
        announce
      >
        <input
          id={`${id}-alt`}
          value={decorative ? '' : alt}
          onChange={(event) => {
            setAlt(event.target.value)
            setAltError('')
          }}
          disabled={decorative}
          maxLength={300}
          aria-invalid={altError !== ''}
          aria-describedby={describedBy(`${id}-alt`, { hint: !altError, errors: altErrors })}
          className={inputClass}
          data-testid={`${testId}-image-alt`}
          ref={editing ? focusOnMount : undefined}
        />
      </FieldRow>
      <div className="flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200">
        <input
          id={`${id}-decorative`}
          type="checkbox"
          checked={decorative}
          onChange={(event) => {
            setDecorative(event.target.checked)
            setAltError('')
          }}
          className="mt-0.5 size-4 shrink-0"
          data-testid={`${testId}-image-decorative`}
        />
        <label htmlFor={`${id}-decorative`}>
          <Trans>This photo is only decoration: it adds nothing to the text, and screen readers skip it.</Trans>
        </label>
      </div>
    </ToolPanel>
  )
}

const NO_FORMATTING = {
  h2: false,
  h3: false,
  bold: false,
  italic: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  link: false,
  image: false,
  canUndo: false,
  canRedo: false,
}

/** A post body's editor with its toolbar; `onChange` receives the HTML, or '' when it is empty. */
export default function RichTextEditor({ initialHtml, onChange, labelId, describedBy, invalid, testId, uploadImage }: RichTextEditorProps) {
  const { t } = useLingui()
  const [panel, setPanel] = useState<'link' | 'image' | null>(null)
  const editor = useEditor({
    // The workspace renders this on the client only (it is loaded on demand); no server HTML to match.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        // The page's title is its only h1.
        heading: { levels: [2, 3, 4] },
        link: false,
        underline: false,
        code: false,
        codeBlock: false,
      }),
      TrustedLink.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // The sanitiser writes `rel` itself; the editor's own would only be thrown away.
        HTMLAttributes: { rel: null, target: null },
      }),
      DescribedImage.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': invalid ? 'true' : 'false',
        'data-testid': testId,
        class: `${POST_BODY_CLASS} min-h-64 px-4 py-3 text-base text-stone-900 focus:outline-none dark:text-stone-100`,
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  })
  const state =
    useEditorState({
      editor,
      selector: ({ editor: current }) =>
        current
          ? {
              h2: current.isActive('heading', { level: 2 }),
              h3: current.isActive('heading', { level: 3 }),
              bold: current.isActive('bold'),
              italic: current.isActive('italic'),
              bulletList: current.isActive('bulletList'),
              orderedList: current.isActive('orderedList'),
              blockquote: current.isActive('blockquote'),
              link: current.isActive('link'),
              image: current.isActive('image'),
              canUndo: current.can().undo(),
              canRedo: current.can().redo(),
            }
          : null,
    }) ?? NO_FORMATTING
  // The toolbar's state follows the editor's transactions; until the first one it has none.
  if (!editor) {
    return (
      <p className="p-4 text-sm text-stone-600 dark:text-stone-400">
        <Trans>Loading the editor…</Trans>
      </p>
    )
  }
  const chain = () => editor.chain().focus()
  return (
    <div
      className={`rounded-xl border bg-white dark:bg-stone-950 ${invalid ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
    >
      <div role="toolbar" aria-label={t`Formatting`} className="flex flex-wrap gap-1 border-b border-stone-200 p-1.5 dark:border-stone-800">
        <ToolButton label={t`Heading`} pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} testId={`${testId}-h2`}>
          H2
        </ToolButton>
        <ToolButton label={t`Subheading`} pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} testId={`${testId}-h3`}>
          H3
        </ToolButton>
        <ToolButton label={t`Bold`} pressed={state.bold} onClick={() => chain().toggleBold().run()} testId={`${testId}-bold`}>
          <span className="font-black">B</span>
        </ToolButton>
        <ToolButton label={t`Italic`} pressed={state.italic} onClick={() => chain().toggleItalic().run()} testId={`${testId}-italic`}>
          <span className="font-serif italic">I</span>
        </ToolButton>
        <ToolButton label={t`Bulleted list`} pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()} testId={`${testId}-bullets`}>
          <ToolIcon name="bullets" />
        </ToolButton>
        <ToolButton label={t`Numbered list`} pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()} testId={`${testId}-numbers`}>
          <ToolIcon name="numbers" />
        </ToolButton>
        <ToolButton label={t`Quote`} pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()} testId={`${testId}-quote`}>
          <ToolIcon name="quote" />
        </ToolButton>
        <ToolButton
          label={t`Link`}
          pressed={state.link || panel === 'link'}
          onClick={() => setPanel(panel === 'link' ? null : 'link')}
          testId={`${testId}-link`}
        >
          <ToolIcon name="link" />
        </ToolButton>
        <ToolButton
          label={state.image ? t`Describe the selected photo` : t`Photo`}
          pressed={panel === 'image'}
          onClick={() => setPanel(panel === 'image' ? null : 'image')}
          testId={`${testId}-image`}
        >
          <ToolIcon name="photo" />
        </ToolButton>
        <ToolButton label={t`Undo`} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          <ToolIcon name="undo" />
        </ToolButton>
        <ToolButton label={t`Redo`} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          <ToolIcon name="redo" />
        </ToolButton>
      </div>
      {panel === 'link' ? <LinkPanel editor={editor} onClose={() => setPanel(null)} testId={testId} /> : null}
      {panel === 'image' ? <ImagePanel editor={editor} onClose={() => setPanel(null)} uploadImage={uploadImage} testId={testId} /> : null}
      <EditorContent editor={editor} />
    </div>
  )
}
