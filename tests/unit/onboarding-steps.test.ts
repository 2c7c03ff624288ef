import { describe, expect, it } from 'vitest'
import { ONBOARDING_STEPS, stepOfErrors } from '../../src/features/onboarding/onboarding-wizard'
import { ONBOARDING_STEP_COUNT } from '../../src/features/onboarding/step-count'

describe('onboarding steps', () => {
  it('the /process route accepts exactly as many steps as the wizard has', () => {
    // A wizard step beyond the route's bound would send the realtor back to step 1.
    expect(ONBOARDING_STEPS.length).toBe(ONBOARDING_STEP_COUNT)
  })

  it('a server refusal leads to the step holding the field', () => {
    expect(stepOfErrors({ 'testimonials.0.clientName': ['x'] })).toBe(ONBOARDING_STEPS.indexOf('testimonials') + 1)
    expect(stepOfErrors({ tagManagerId: ['x'] })).toBe(ONBOARDING_STEPS.indexOf('seo') + 1)
    expect(stepOfErrors({})).toBeUndefined()
  })
})
