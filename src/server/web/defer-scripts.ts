const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const BOOTSTRAP = /<script type="module" async="" src="([^"]+)"><\/script>/

/**
 * A visitor's page (a realtor's homepage) is read before it is used: everything on its first
 * screen is server-rendered HTML and plain links. Its JavaScript (~140 KB gzip) therefore
 * starts downloading once the page has painted, instead of sharing a slow connection with
 * the stylesheet, the fonts and the hero photo before the first paint. The preloads and the
 * start script Start rendered are replaced by one small script that adds the same preloads
 * and the same module once the page has painted.
 * When the markup is not what this expects, the page is left exactly as rendered.
 */
export function deferScriptsUntilPainted(html: string): string {
  const bootstrap = BOOTSTRAP.exec(html)
  const entry = bootstrap?.[1]
  if (!bootstrap || !entry) return html
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]).filter((href): href is string => href !== undefined)
  return html.replace(MODULE_PRELOAD, '').replace(BOOTSTRAP, () => afterPaintLoader(entry, preloads))
}

/**
 * An inline script that adds `preloads` and the module `entry` once the page has painted.
 * Started by the first contentful paint's entry, which arrives once that frame is on screen (a
 * frame callback came too early: the scripts then raced the paint); after a frame where paint
 * timing is missing, at once in a hidden tab, and after 3 s whatever happens.
 */
export function afterPaintLoader(entry: string, preloads: ReadonlyArray<string>): string {
  return (
    `<script>(function(){var preloads=${jsonForScript(preloads)},started=false;function start(){if(started)return;started=true;` +
    `preloads.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link)});` +
    `var script=document.createElement('script');script.type='module';script.src=${jsonForScript(entry)};document.head.appendChild(script)}` +
    `if(document.visibilityState==='hidden')return start();setTimeout(start,3000);` +
    `if(typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0){` +
    `new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start)}).observe({type:'paint',buffered:true})` +
    `}else requestAnimationFrame(function(){setTimeout(start)})})()</script>`
  )
}

/** JSON that cannot end the inline script it sits in. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
