import { useEffect, useId, useRef, useState, type ComponentType } from 'react'
import type { ContactForm as ContactFormValues } from '~/schemas/inbox'
import { CONTACT_FIELD_NAMES, contactFormDefaults } from '~/schemas/contact-defaults'
import type { ContactFormHandover, LiveContactForm } from './contact-form-live'
import { ContactFormView, type ContactFormFields, type ContactFormPlace } from './contact-form-view'

type LiveForm = ComponentType<Parameters<typeof LiveContactForm>[0]>

let liveForm: Promise<LiveForm> | undefined
/** TanStack Form and the zod schemas (~30 KB gzip) load once, when the form is about to be used. */
function loadLiveForm(): Promise<LiveForm> {
  liveForm ??= import('./contact-form-live').then(
    (module) => module.LiveContactForm,
    (error: unknown) => {
      // Offline for a moment: the next touch of the form tries again.
      liveForm = undefined
      throw error
    },
  )
  return liveForm
}

// Within this distance of the viewport the form starts loading, so it is ready when reached.
const PRELOAD_MARGIN = '800px 0px'

function fieldNamed(name: string): keyof ContactFormValues | undefined {
  return CONTACT_FIELD_NAMES.find((field) => field === name)
}

/** The focused field of `form`, with its selection, so the live form can put the caret back. */
function focusIn(form: HTMLFormElement | null): ContactFormHandover['focus'] {
  const active = document.activeElement
  if (!form || !active || !form.contains(active)) return undefined
  if (active instanceof HTMLSelectElement) {
    const name = fieldNamed(active.name)
    return name ? { name, selectionStart: null, selectionEnd: null } : undefined
  }
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return undefined
  const name = fieldNamed(active.name)
  if (!name) return undefined
  try {
    return { name, selectionStart: active.selectionStart, selectionEnd: active.selectionEnd }
  } catch {
    // Checkboxes have no selection.
    return { name, selectionStart: null, selectionEnd: null }
  }
}

/**
 * The homepage's contact form. The server renders it, and the page hydrates it, as plain
 * markup with plain state (`ContactFormView`); the live form with its validation loads when
 * the form nears the viewport or the visitor touches it, and takes over what was typed, the
 * focus and a press of "Send message". Both render the same markup, so nothing moves.
 */
export function ContactForm({ initialMessage = '', ...place }: ContactFormPlace & { initialMessage?: string }) {
  const { lang } = place
  const formId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [Live, setLive] = useState<LiveForm | null>(null)
  const [values, setValues] = useState<ContactFormValues>(() => ({ ...contactFormDefaults(lang), message: initialMessage }))
  const [honeypot, setHoneypot] = useState('')
  // What the visitor typed, kept in step by the change handlers themselves: the live form
  // may take over between an input event and the render of its state update.
  const latest = useRef({ values, honeypot })
  const blurred = useRef(new Set<keyof ContactFormValues>())
  const submitPressed = useRef(false)
  // A click whose press and release land on different forms would be lost, and an IME
  // composition (Hangul) broken: the live form waits until neither is under way.
  const busy = useRef({ pointer: false, composing: false })
  const loaded = useRef<LiveForm | null>(null)
  const tookOver = useRef(false)

  const takeOverIfIdle = () => {
    const Form = loaded.current
    if (!Form || tookOver.current || busy.current.pointer || busy.current.composing) return
    tookOver.current = true
    setLive(() => Form)
  }
  const load = () => {
    loadLiveForm().then(
      (Form) => {
        loaded.current = Form
        takeOverIfIdle()
      },
      () => undefined,
    )
  }

  useEffect(() => {
    const form = formRef.current
    if (!form || Live) return
    if (typeof IntersectionObserver === 'undefined') {
      load()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        load()
      },
      { rootMargin: PRELOAD_MARGIN },
    )
    observer.observe(form)
    return () => observer.disconnect()
    // One observer per form: `load` reads only refs, so the first render's is as good as the last's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Live])

  if (Live) {
    // Read while rendering, not when the module arrived: the render and its commit run in
    // one task, so nothing the visitor does in the old form can fall between the two.
    /* eslint-disable react-hooks/refs -- the handover is read at the one render that swaps the forms, on purpose (above) */
    const handover: ContactFormHandover = {
      values: latest.current.values,
      blurred: [...blurred.current],
      honeypot: latest.current.honeypot,
      focus: focusIn(formRef.current),
      submit: submitPressed.current,
    }
    // The same realtor, page and message the visitor started with, and what they did so far.
    return <Live place={place} initialMessage={initialMessage} formId={formId} handover={handover} />
    /* eslint-enable react-hooks/refs */
  }

  const change = <TName extends keyof ContactFormValues>(name: TName, value: ContactFormValues[TName]) => {
    latest.current = { ...latest.current, values: { ...latest.current.values, [name]: value } }
    setValues(latest.current.values)
    load()
  }
  const fields: ContactFormFields = {
    text: (name, render) => render({ value: values[name], errors: [], onChange: (value) => change(name, value), onBlur: () => blurred.current.add(name) }),
    checkbox: (name, render) => render({ value: values[name], errors: [], onChange: (value) => change(name, value), onBlur: () => blurred.current.add(name) }),
    submitting: (render) => render(false),
  }
  const settle = () => setTimeout(takeOverIfIdle, 0)

  return (
    <ContactFormView
      formRef={formRef}
      formId={formId}
      place={place}
      failure={undefined}
      fields={fields}
      honeypot={honeypot}
      onHoneypotChange={(value) => {
        latest.current = { ...latest.current, honeypot: value }
        setHoneypot(value)
      }}
      onSubmit={() => {
        submitPressed.current = true
        load()
      }}
      formProps={{
        onFocusCapture: load,
        onPointerDownCapture: () => {
          busy.current.pointer = true
          load()
        },
        // Deferred past the click this release belongs to, which may submit the form.
        onPointerUpCapture: () => {
          busy.current.pointer = false
          settle()
        },
        onPointerCancelCapture: () => {
          busy.current.pointer = false
          settle()
        },
        onCompositionStartCapture: () => {
          busy.current.composing = true
        },
        onCompositionEndCapture: () => {
          busy.current.composing = false
          settle()
        },
      }}
    />
  )
}
