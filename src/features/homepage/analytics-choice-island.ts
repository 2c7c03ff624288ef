import { defineIsland } from '~/features/islands/define-island'
import { AnalyticsChoice } from './analytics-choice'

/**
 * The footer's analytics choice and its consent banner as an island (decision 051): it starts
 * at the browser's first idle moment, since the banner must ask before anything is measured, so
 * a realtor with a tag gets islands pages too instead of the app's scripts.
 */
export const analyticsChoiceIsland = defineIsland('analytics-choice', AnalyticsChoice)
