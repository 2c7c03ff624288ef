import { defineIsland } from '~/features/islands/define-island'
import { VideoFacade } from './video-facade'

/** The video's facade as an island (decision 051): YouTube's player loads on a press of play. */
export const videoIsland = defineIsland('video', VideoFacade)
