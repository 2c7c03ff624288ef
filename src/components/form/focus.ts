/**
 * Moves the focus to the first field marked invalid, after React has drawn the errors: a
 * screen-reader user hears the field and its error, a keyboard user can fix it at once.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}

/** Focuses an element once it is drawn (a form-level alert that has just appeared). */
export function focusSoon(element: () => HTMLElement | null): void {
  requestAnimationFrame(() => element()?.focus())
}
