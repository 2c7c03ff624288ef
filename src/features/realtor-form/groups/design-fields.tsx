import { Trans } from '@lingui/react/macro'
import { contrastRatio, MIN_TEXT_CONTRAST, textColorOn } from '~/lib/color'
import { FONT_SIZES } from '~/schemas/realtor'
import { HEX_COLOR_PATTERN } from '~/schemas/realtor-fields'
import { FieldShell, GroupCard, inputClass, YesNoField, type GroupProps } from '../field-ui'

function ContrastNote({ color }: { color: string }) {
  const valid = HEX_COLOR_PATTERN.test(color)
  if (!valid) return null
  const ratio = Math.max(contrastRatio(color, '#FFFFFF'), contrastRatio(color, '#111827'))
  const onColor = textColorOn(color)
  return (
    <div className="mt-2 flex items-center gap-3" aria-live="polite">
      <span className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold" style={{ backgroundColor: color, color: onColor }}>
        <Trans>Button</Trans>
      </span>
      {ratio < MIN_TEXT_CONTRAST ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="contrast-warning">
          <Trans>Text is hard to read on this color. Your homepage will use a darker shade so that everyone can read it.</Trans>
        </p>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <Trans>Readable: text on this color has enough contrast.</Trans>
        </p>
      )}
    </div>
  )
}

export function DesignFields({ form, errors }: GroupProps) {
  return (
    <GroupCard id="group-design" title={<Trans>Design</Trans>}>
      <form.Field name="designMainColor">
        {(field) => (
          <FieldShell label={<Trans>Main color</Trans>} errors={errors.designMainColor ?? []}>
            {({ id, describedBy, invalid }) => (
              <>
                <div className="mt-1 flex items-center gap-3">
                  <input
                    type="color"
                    aria-label="#RRGGBB"
                    value={HEX_COLOR_PATTERN.test(field.state.value) ? field.state.value : '#1D4ED8'}
                    onChange={(event) => field.handleChange(event.target.value.toUpperCase())}
                    className="size-11 cursor-pointer rounded-lg border border-stone-300"
                  />
                  <input
                    id={id}
                    value={field.state.value}
                    onChange={(event) => field.handleChange(event.target.value)}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    className={`${inputClass} mt-0 max-w-40 font-mono`}
                  />
                </div>
                <ContrastNote color={field.state.value} />
              </>
            )}
          </FieldShell>
        )}
      </form.Field>
      <form.Field name="designFontSize">
        {(field) => {
          const size = field.state.value
          return (
            <FieldShell label={<Trans>Text size: {size} px</Trans>} errors={errors.designFontSize ?? []}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="range"
                  min={FONT_SIZES.min}
                  max={FONT_SIZES.max}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(Number(event.target.value))}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className="mt-2 w-full max-w-md accent-blue-700"
                />
              )}
            </FieldShell>
          )
        }}
      </form.Field>
      <YesNoField form={form} name="designMainDarkMode" label={<Trans>Dark header</Trans>} />
      <YesNoField form={form} name="contentDarkMode" label={<Trans>Dark page</Trans>} />
    </GroupCard>
  )
}
