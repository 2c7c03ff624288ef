import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { Button } from '~/components/ui'
import { TESTIMONIAL_SOURCES, TESTIMONIALS_MAX, type TestimonialSource } from '~/schemas/testimonial'
import { FieldShell, GroupCard, inputClass, ListItemButtons, TextField, type GroupProps } from '../field-ui'
import { emptyTestimonial, type TestimonialFormValues } from '../form-values'

/**
 * Client reviews (issue 14): added, ordered with buttons (no dragging, so a keyboard does it
 * all), edited and hidden. A moved review keeps the focus on its button and the new position
 * is announced, so a screen-reader user knows where it went.
 */
export function TestimonialsFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  const list = useRef<HTMLDivElement>(null)
  const statusId = useId()
  const [status, setStatus] = useState('')

  const sourceLabels: Record<TestimonialSource, string> = {
    zillow: 'Zillow',
    google: 'Google',
    yelp: 'Yelp',
    naver: t`Naver`,
    other: t`Other`,
  }

  const focusLater = (selector: string) =>
    requestAnimationFrame(() => {
      list.current?.querySelector<HTMLElement>(selector)?.focus()
    })

  const errorsOf = (index: number, key: keyof TestimonialFormValues) => errors[`testimonials.${index}.${key}`] ?? []

  return (
    <GroupCard
      id="group-testimonials"
      title={<Trans>Client reviews</Trans>}
      description={
        <Trans>Quote what clients said about you, in Korean, English or both. Only reviews you may publish: the client agreed, and the words are theirs.</Trans>
      }
    >
      <form.Field name="testimonials" mode="array">
        {(testimonials) => {
          const count = testimonials.state.value.length
          const move = (from: number, to: number, direction: 'up' | 'down') => {
            testimonials.moveValue(from, to)
            const position = to + 1
            setStatus(t`Review moved to position ${position} of ${count}.`)
            // The same button on the review's new place, or the other one at either end.
            const atEnd = direction === 'up' ? to === 0 : to === count - 1
            focusLater(`[data-move="${to}-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}"]`)
          }
          return (
            <div ref={list} className="grid gap-4">
              {count === 0 ? (
                <p className="text-stone-600 dark:text-stone-400">
                  <Trans>No review yet. Reviews are optional; add one when a client lets you quote them.</Trans>
                </p>
              ) : null}
              {errors.testimonials ? (
                <p className="text-sm font-medium text-red-700 dark:text-red-300" data-field-error="">
                  {errors.testimonials.join(' ')}
                </p>
              ) : null}
              {testimonials.state.value.map((testimonial, index) => {
                const number = index + 1
                return (
                  <fieldset key={index} className="grid gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700" data-testid="testimonial-fieldset">
                    <legend className="px-1 text-sm font-semibold text-stone-700 dark:text-stone-300">
                      {t`Review ${number}`}
                      {testimonial.hidden ? ' ' : null}
                      {testimonial.hidden ? (
                        <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-stone-700 dark:text-stone-200">
                          <Trans>Hidden</Trans>
                        </span>
                      ) : null}
                    </legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        form={form}
                        errors={errors}
                        name={`testimonials[${index}].clientName`}
                        label={<Trans>Client's name as shown</Trans>}
                        hint={<Trans>For example "The Lee family" or "Minji K."</Trans>}
                      />
                      <TextField form={form} errors={errors} name={`testimonials[${index}].city`} label={<Trans>Client's city (optional)</Trans>} />
                      <TextField
                        form={form}
                        errors={errors}
                        name={`testimonials[${index}].textKo`}
                        rows={4}
                        lang="ko"
                        label={<Trans>Review in Korean</Trans>}
                      />
                      <TextField
                        form={form}
                        errors={errors}
                        name={`testimonials[${index}].textEn`}
                        rows={4}
                        lang="en"
                        label={<Trans>Review in English</Trans>}
                      />
                    </div>
                    <div className="grid gap-3 sm:grid-cols-3">
                      <form.Field name={`testimonials[${index}].rating`}>
                        {(field) => (
                          <FieldShell label={<Trans>Stars (optional)</Trans>} errors={errorsOf(index, 'rating')}>
                            {({ id, describedBy, invalid }) => (
                              <select
                                id={id}
                                name={`testimonials.${index}.rating`}
                                value={field.state.value}
                                onChange={(event) => field.handleChange(event.target.value)}
                                aria-invalid={invalid}
                                aria-describedby={describedBy}
                                className={inputClass}
                              >
                                <option value="">{t`No stars`}</option>
                                {[5, 4, 3, 2, 1].map((stars) => (
                                  <option key={stars} value={String(stars)}>
                                    {t`${stars} out of 5`}
                                  </option>
                                ))}
                              </select>
                            )}
                          </FieldShell>
                        )}
                      </form.Field>
                      <TextField form={form} errors={errors} name={`testimonials[${index}].date`} type="date" label={<Trans>Date (optional)</Trans>} />
                      <form.Field name={`testimonials[${index}].source`}>
                        {(field) => (
                          <FieldShell label={<Trans>Posted on (optional)</Trans>} errors={errorsOf(index, 'source')}>
                            {({ id, describedBy, invalid }) => (
                              <select
                                id={id}
                                name={`testimonials.${index}.source`}
                                value={field.state.value}
                                onChange={(event) => field.handleChange(event.target.value)}
                                aria-invalid={invalid}
                                aria-describedby={describedBy}
                                className={inputClass}
                              >
                                <option value="">{t`Not given`}</option>
                                {TESTIMONIAL_SOURCES.map((source) => (
                                  <option key={source} value={source}>
                                    {sourceLabels[source]}
                                  </option>
                                ))}
                              </select>
                            )}
                          </FieldShell>
                        )}
                      </form.Field>
                    </div>
                    <TextField
                      form={form}
                      errors={errors}
                      name={`testimonials[${index}].sourceUrl`}
                      type="url"
                      inputMode="url"
                      label={<Trans>Link to the original review (optional)</Trans>}
                      hint={<Trans>An https:// address. Search engines are told not to follow it.</Trans>}
                    />
                    <form.Field name={`testimonials[${index}].hidden`}>
                      {(field) => (
                        <div className="flex items-start gap-3">
                          <input
                            id={`${statusId}-hidden-${index}`}
                            type="checkbox"
                            checked={field.state.value}
                            onChange={(event) => field.handleChange(event.target.checked)}
                            className="mt-1 size-5 accent-blue-700"
                          />
                          <label htmlFor={`${statusId}-hidden-${index}`} className="font-medium text-stone-800 dark:text-stone-200">
                            <Trans>Hide this review from the homepage</Trans>
                          </label>
                        </div>
                      )}
                    </form.Field>
                    <ListItemButtons
                      index={index}
                      count={count}
                      itemName={t`review ${number}`}
                      onMove={(to, direction) => move(index, to, direction)}
                      onRemove={() => {
                        testimonials.removeValue(index)
                        setStatus(t`Review ${number} removed.`)
                        focusLater('[data-add-testimonial]')
                      }}
                    />
                  </fieldset>
                )
              })}
              <div>
                <Button
                  variant="outline"
                  disabled={count >= TESTIMONIALS_MAX}
                  onClick={() => {
                    testimonials.pushValue(emptyTestimonial())
                    focusLater(`[name="testimonials.${count}.clientName"]`)
                  }}
                  data-testid="add-testimonial"
                  data-add-testimonial=""
                >
                  <Trans>Add a review</Trans>
                </Button>
              </div>
              <p id={statusId} role="status" className="sr-only">
                {status}
              </p>
            </div>
          )
        }}
      </form.Field>
    </GroupCard>
  )
}
