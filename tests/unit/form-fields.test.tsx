import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useAppForm } from '~/components/form/app-form'
import { describedBy, errorText, visibleError } from '~/components/form/field-row'
import { PhoneWithCountryFields } from '~/components/form/phone-with-country'

/*
 * The shared form pieces of src/components/form: which error a field shows, and the ids that
 * tie an input to its hint and its error (what screen readers announce and the end-to-end
 * tests follow through aria-describedby).
 */

const untouched = { errors: [{ message: 'Enter a valid e-mail address' }], isBlurred: false }
const blurred = { ...untouched, isBlurred: true }

describe('which error a field shows', () => {
  it('keeps schema errors back until the field is left or the form submitted', () => {
    expect(visibleError(untouched, false, undefined)).toBeUndefined()
    expect(visibleError(blurred, false, undefined)).toEqual({ kind: 'schema', text: 'Enter a valid e-mail address' })
    expect(visibleError(untouched, true, undefined)).toEqual({ kind: 'schema', text: 'Enter a valid e-mail address' })
  })

  it('shows one message at a time, the first with text', () => {
    const meta = { errors: [undefined, { code: 'x' }, 'Enter your e-mail', { message: 'Enter a valid e-mail address' }], isBlurred: true }
    expect(visibleError(meta, false, undefined)).toEqual({ kind: 'schema', text: 'Enter your e-mail' })
  })

  it('puts a server error first, even before the field was touched', () => {
    expect(visibleError(blurred, true, 'This e-mail is taken')).toEqual({ kind: 'server', text: 'This e-mail is taken' })
    expect(visibleError({ errors: [], isBlurred: false }, false, 'This e-mail is taken')).toEqual({ kind: 'server', text: 'This e-mail is taken' })
  })

  it('reads a message from a string or a zod issue, nothing else', () => {
    expect(errorText('plain')).toBe('plain')
    expect(errorText({ message: 'from zod' })).toBe('from zod')
    expect(errorText({ message: 3 })).toBeUndefined()
    expect(errorText(null)).toBeUndefined()
  })
})

describe('aria-describedby of an input', () => {
  it('names the hint, then the error, or nothing', () => {
    expect(describedBy('f', { errors: [] })).toBeUndefined()
    expect(describedBy('f', { hint: true, errors: [] })).toBe('f-hint')
    expect(describedBy('f', { errors: ['wrong'] })).toBe('f-error')
    expect(describedBy('f', { hint: true, errors: ['wrong'] })).toBe('f-hint f-error')
  })
})

i18n.loadAndActivate({ locale: 'en', messages: {} })

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

/** The attributes of the first `tag` element whose markup contains `where`. */
function attributesOf(html: string, tag: string, where: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*${where}[^>]*>`))?.[0] ?? ''
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']): [string, string] => [name, value]))
}

function AccountFields({ emailError }: { emailError?: string }) {
  const form = useAppForm({ defaultValues: { email: 'sora@example.com', password: '', phoneCountry: 'KR', phone: '' } })
  return (
    <>
      <form.AppField name="email">
        {(field) => <field.EmailField label="E-mail" hint="We write to it." testId="email" serverError={emailError} />}
      </form.AppField>
      <form.AppField name="password">{(field) => <field.PasswordField label="Password" autoComplete="new-password" testId="password" />}</form.AppField>
      <PhoneWithCountryFields
        form={form}
        fields={{ country: 'phoneCountry', number: 'phone' }}
        countryLabel="Country"
        numberLabel="Phone"
        countries={[
          { value: 'US', label: 'USA (+1)' },
          { value: 'KR', label: 'Korea (+82)' },
        ]}
      />
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving" testId="submit">
          Save
        </form.SubmitButton>
      </form.AppForm>
    </>
  )
}

describe('the field components of useAppForm', () => {
  it('label the input, bind its value and describe it by its hint', () => {
    const html = render(<AccountFields />)
    const email = attributesOf(html, 'input', 'data-testid="email"')
    expect(email).toMatchObject({ type: 'email', name: 'email', value: 'sora@example.com', 'aria-invalid': 'false' })
    expect(email['aria-describedby']).toBe(`${email.id}-hint`)
    expect(html).toContain(`<label for="${email.id}"`)
    expect(html).toContain(`<p id="${email.id}-hint"`)
  })

  it('mark a field with a server error invalid and describe it by the error', () => {
    const html = render(<AccountFields emailError="This e-mail is taken" />)
    const email = attributesOf(html, 'input', 'data-testid="email"')
    expect(email['aria-invalid']).toBe('true')
    expect(email['aria-describedby']).toBe(`${email.id}-hint ${email.id}-error`)
    expect(html).toMatch(new RegExp(`<p id="${email.id}-error"[^>]*>.*<span>This e-mail is taken</span></p>`))
  })

  it('draw a password that the button beside it can show', () => {
    const html = render(<AccountFields />)
    const password = attributesOf(html, 'input', 'data-testid="password"')
    expect(password).toMatchObject({ type: 'password', autoComplete: 'new-password' })
    expect(attributesOf(html, 'button', 'aria-pressed')).toMatchObject({ 'aria-controls': password.id, 'aria-pressed': 'false' })
  })

  it('pair a phone number with its country', () => {
    const html = render(<AccountFields />)
    expect(attributesOf(html, 'select', 'name="phoneCountry"')).toMatchObject({ 'aria-invalid': 'false' })
    expect(html).toContain('<option value="KR" selected="">Korea (+82)</option>')
    expect(attributesOf(html, 'input', 'name="phone"')).toMatchObject({ type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' })
  })

  it('draw the submit button, idle until the form is sent', () => {
    const html = render(<AccountFields />)
    expect(attributesOf(html, 'button', 'data-testid="submit"')).toMatchObject({ type: 'submit', 'aria-busy': 'false' })
  })
})
