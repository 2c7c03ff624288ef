/**
 * How many steps the onboarding wizard has: one per realtor-form group (FIELD_GROUP_ORDER).
 * A number of its own, without the form's zod schemas, because the /process route's search
 * validation is part of every page's first download; a unit test keeps it equal to the groups.
 */
export const ONBOARDING_STEP_COUNT = 10
