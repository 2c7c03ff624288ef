import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/** The video id of a YouTube watch, embed, shorts or youtu.be URL. */
export function youtubeVideoId(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    const candidate =
      parsed.hostname === 'youtu.be'
        ? parsed.pathname.slice(1)
        : (parsed.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(parsed.pathname)?.[1])
    return candidate && /^[\w-]{6,20}$/.test(candidate) ? candidate : undefined
  } catch {
    return undefined
  }
}

/**
 * A poster with a play button; the player (on YouTube's privacy-enhanced host) loads only
 * when the visitor asks for it, so the page makes no third-party request on its own.
 */
export function VideoFacade({ videoId, title, poster }: { videoId: string; title: string; poster?: string }) {
  const { t } = useLingui()
  const [playing, setPlaying] = useState(false)
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-stone-900">
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full"
          data-testid="video-player"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex size-full items-center justify-center text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-[var(--accent)]"
          data-testid="video-facade"
        >
          {poster ? <img src={poster} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover opacity-70" /> : null}
          <span className="relative flex size-20 items-center justify-center rounded-full bg-[var(--accent)] text-[var(--on-accent)] shadow-lg transition group-hover:scale-105">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="sr-only">{t`Play the video: ${title}`}</span>
        </button>
      )}
    </div>
  )
}
