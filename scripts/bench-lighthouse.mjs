/**
 * Lighthouse mobile on public pages, each beside a static copy of itself (issue 31 item 2), run
 * by `npm run bench` (BENCH_ONLY=lighthouse runs it alone).
 *
 * For every page: the HTML the app sends, with its scripts removed (JSON-LD kept: it is data),
 * is served by nginx on a loopback port, which passes every other request (styles, fonts,
 * photos) on to the app, so the copy loads the same bytes but never runs our JavaScript. Both
 * are measured in the same run, at Lighthouse's default mobile CPU slowdown (4×) and at 8× (a
 * low-end phone): on a shared machine a figure alone is noise, the copy is the reference. Each
 * is run once unmeasured (a browser's first Korean page pays for loading its system fonts),
 * then three times; the median of each figure is printed with its range.
 *
 * Per page and slowdown it prints the four scores, LCP, TBT, CLS, the main thread's work (ours
 * and the copy's, and their ratio: the budget is ≤ 1.3× at 8×) and the JavaScript the page
 * fetched to start (by `load` and what it defers to just after it, until the network is quiet),
 * compressed here with gzip level 9 (a size that does not depend on what the server chose; the
 * budget is ≤ 100 KB).
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { defaultSettings } from 'lighthouse/core/config/constants.js'
import { median, rawGet, startNginx } from './bench-support.mjs'
import { CHROMIUM_FLAGS } from './chromium-flags.ts'

const SLOWDOWNS = [4, 8]
const MEASURED_RUNS = 3

/** The page without its scripts: what a visitor would get if nothing on it needed code. */
export function withoutScripts(html) {
  return html.replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
}

async function gzipKb(urls) {
  let bytes = 0
  for (const url of urls) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length
  return bytes / 1024
}

/** The figures of one Lighthouse report that the budgets name. */
async function figuresOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  // Every script of the run, which ends once the network is quiet after `load`: a homepage starts
  // its code just after its first paint on purpose (decision 008), which can fall after `load`,
  // and that code is still what the visitor downloads to start (as tests/e2e/page-weight.spec.ts counts).
  // A request the run refused (a page measured with some of its code blocked) fetched nothing.
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.statusCode > 0)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    scriptFiles: scripts.length,
    jsKb: await gzipKb(scripts.map((item) => item.url)),
    below100: Object.entries(lhr.categories).flatMap(([id, category]) =>
      (category.score ?? 1) >= 1
        ? []
        : category.auditRefs
            // The audits that weigh in the score; insights and diagnostics only advise.
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit && audit.score !== null && audit.score < 1 && !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode))
            .map((audit) => `${id}: ${audit.id}`),
    ),
  }
}

async function runLighthouse(url, chromePort, slowdown, blockedUrlPatterns = null) {
  const result = await lighthouse(
    url,
    { port: chromePort, output: 'json', logLevel: 'error', formFactor: 'mobile' },
    { extends: 'lighthouse:default', settings: { blockedUrlPatterns, throttling: { ...defaultSettings.throttling, cpuSlowdownMultiplier: slowdown } } },
  )
  if (!result?.lhr) throw new Error('Lighthouse returned no result')
  return result.lhr
}

const spread = (values, format) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `${format(median(sorted))} (${format(sorted[0])}–${format(sorted[sorted.length - 1])})`
}

/**
 * Measures `pages` ([name, path] pairs, or [name, path, blocked URL patterns] for a page measured
 * without some of its requests) of the app at `base`; `nginxPort` is free for the copy.
 * `lhrDir` (optional) receives every measured report as JSON.
 */
export async function benchLighthouse({ base, pages, nginxPort, lhrDir }) {
  const copies = []
  for (const [, pagePath] of pages) {
    const answer = await rawGet(`${base}${pagePath}`)
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`)
    copies.push({ body: withoutScripts(answer.body.toString('utf8')), contentType: answer.headers['content-type'] ?? 'text/html' })
  }
  const nginx = await startNginx(nginxPort, copies, { proxyTo: base })
  if (!nginx) console.log('nginx is missing (apt-get install nginx-light): Lighthouse runs on the app alone, without the static copy')
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    for (const [index, [name, pagePath, blocked = null]] of pages.entries()) {
      const targets = [['ours', `${base}${pagePath}`], ...(nginx ? [['static copy', nginx.urlOf(index)]] : [])]
      const results = new Map()
      for (const [target, url] of targets) {
        await runLighthouse(url, chrome.port, 4, blocked)
        for (const slowdown of SLOWDOWNS) {
          const runs = []
          for (let round = 0; round < MEASURED_RUNS; round++) {
            const lhr = await runLighthouse(url, chrome.port, slowdown, blocked)
            if (lhrDir) {
              fs.mkdirSync(lhrDir, { recursive: true })
              const file = `${index}-${pagePath.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}-${target.replace(/\W+/g, '-')}-${slowdown}x-${round}.json`
              fs.writeFileSync(path.join(lhrDir, file), JSON.stringify(lhr))
            }
            runs.push(await figuresOf(lhr))
          }
          results.set(`${target} ${slowdown}`, runs)
        }
      }
      for (const slowdown of SLOWDOWNS) {
        const ours = results.get(`ours ${slowdown}`)
        const copy = results.get(`static copy ${slowdown}`)
        const ms = (value) => `${Math.round(value)} ms`
        const line =
          `lighthouse mobile ${slowdown}× CPU, ${name} (${pagePath}): performance ${spread(
            ours.map((run) => run.performance),
            String,
          )}, accessibility ${median(ours.map((run) => run.accessibility))}, best practices ${median(ours.map((run) => run.bestPractices))}, ` +
          `SEO ${median(ours.map((run) => run.seo))}, LCP ${spread(
            ours.map((run) => run.lcp),
            ms,
          )}, TBT ${spread(
            ours.map((run) => run.tbt),
            ms,
          )}, CLS ${median(ours.map((run) => run.cls)).toFixed(3)}, main thread ${spread(
            ours.map((run) => run.mainThread),
            ms,
          )}, JavaScript to start ${median(ours.map((run) => run.jsKb)).toFixed(1)} KB gzip in ${median(ours.map((run) => run.scriptFiles))} files`
        console.log(line)
        if (copy) {
          const ratio = median(ours.map((run) => run.mainThread)) / median(copy.map((run) => run.mainThread))
          console.log(
            `  static copy (nginx, same HTML without scripts): performance ${spread(
              copy.map((run) => run.performance),
              String,
            )}, LCP ${spread(
              copy.map((run) => run.lcp),
              ms,
            )}, TBT ${spread(
              copy.map((run) => run.tbt),
              ms,
            )}, main thread ${spread(
              copy.map((run) => run.mainThread),
              ms,
            )}; ours/copy main thread ${ratio.toFixed(2)}×`,
          )
        }
        const below = [...new Set(ours.flatMap((run) => run.below100))]
        if (below.length > 0) console.log(`  below 100 in some run: ${below.slice(0, 10).join(', ')}`)
      }
    }
  } finally {
    await chrome.kill()
    await nginx?.stop()
  }
}
