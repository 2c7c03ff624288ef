#!/usr/bin/env node
/**
 * Checks the translation catalogs (locales/{locale}/messages.po):
 *   (a) they are up to date with the code: `lingui extract --clean` changes nothing that matters;
 *   (b) every message has a translation (no empty msgstr) in every catalog;
 *   (c) GNU msgfmt accepts each file (`--check-format --check-header`).
 * Exits non-zero when any check fails. Catalogs are read with @lingui/format-po's `parsePoFile`,
 * the reader `lingui extract` itself uses (one PO reader for the scripts and the tests).
 *
 *   node scripts/check-catalogs.mjs
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parsePoFile } from '@lingui/format-po'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const localesDir = path.join(root, 'locales')
const binDir = path.join(root, 'node_modules', '.bin')
const linguiBin = path.join(binDir, 'lingui')
const MSGFMT = '/usr/bin/msgfmt'
const MAX_LISTED = 20

// The repo's own Node (24) first: the lingui CLI loads lingui.config.ts and the sources.
const childEnv = { ...process.env, PATH: [binDir, process.env.PATH ?? ''].join(path.delimiter) }

/** @type {Array<string>} */
const failures = []

function fail(message) {
  failures.push(message)
  console.log(`  ✗ ${message}`)
}

function pass(message) {
  console.log(`  ✓ ${message}`)
}

function rel(file) {
  return path.relative(root, file) || '.'
}

/** Every `messages.po` under locales/, as { locale, file }. */
function catalogs(dir = localesDir) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ locale: entry.name, file: path.join(dir, entry.name, 'messages.po') }))
    .filter((catalog) => fs.existsSync(catalog.file))
    .sort((a, b) => a.locale.localeCompare(b.locale))
}

/** All files below `dir`, as paths relative to it. */
function listFiles(dir) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

// ---------------------------------------------------------------------------------------
// PO reading: @lingui/format-po's reader, the one `lingui extract` reads the catalogs with
// ---------------------------------------------------------------------------------------

/** A catalog's header and messages; throws with the file's name when it cannot be read. */
function readPo(text, file) {
  try {
    return parsePoFile(text)
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

const keyOf = (item) => (item.msgctxt === null ? item.msgid : `${item.msgctxt}\u0004${item.msgid}`)

// ---------------------------------------------------------------------------------------
// (a) extraction is up to date
// ---------------------------------------------------------------------------------------

const IGNORED_HEADER_FIELDS = /^(?:POT-Creation-Date|X-Generator):/i

/**
 * A comparable form of a PO file: the header fields that change on every run dropped and the
 * reference comments within an entry sorted. Everything else (entry order, flags, extracted
 * comments, strings) counts; translator comments are not compared (lingui keeps them).
 */
function normalizePo(text, file) {
  const po = readPo(text, file)
  const header = po.headerOrder.filter((name) => !IGNORED_HEADER_FIELDS.test(`${name}:`)).map((name) => `${name}: ${po.headers[name]}`)
  const items = po.items.map((item) =>
    JSON.stringify({
      obsolete: item.obsolete,
      msgctxt: item.msgctxt,
      msgid: item.msgid,
      msgidPlural: item.msgid_plural,
      msgstr: item.msgstr,
      flags: Object.keys(item.flags)
        .filter((flag) => item.flags[flag])
        .sort(),
      references: [...item.references].sort(),
      extracted: item.extractedComments,
    }),
  )
  return [JSON.stringify(header), ...items].join('\n')
}

function messageKeys(text, file) {
  return new Set(
    readPo(text, file)
      .items.filter((item) => !item.obsolete)
      .map(keyOf),
  )
}

function describeDifference(relativeFile, before, after) {
  if (before === undefined) return `${relativeFile}: created by extraction (missing from the repo)`
  if (after === undefined) return `${relativeFile}: removed by extraction (no longer produced)`
  if (!relativeFile.endsWith('.po')) return `${relativeFile}: changed by extraction`
  const oldKeys = messageKeys(before, `locales/${relativeFile} (committed)`)
  const newKeys = messageKeys(after, `locales/${relativeFile} (extracted)`)
  const added = [...newKeys].filter((key) => !oldKeys.has(key))
  const removed = [...oldKeys].filter((key) => !newKeys.has(key))
  const parts = []
  const show = (keys) =>
    keys
      .slice(0, MAX_LISTED)
      .map((key) => `\n        ${JSON.stringify(key.replace('\u0004', ' | '))}`)
      .join('') + (keys.length > MAX_LISTED ? `\n        … and ${keys.length - MAX_LISTED} more` : '')
  if (added.length) parts.push(`${added.length} message(s) in the code but not in the catalog:${show(added)}`)
  if (removed.length) parts.push(`${removed.length} message(s) in the catalog but no longer in the code:${show(removed)}`)
  if (!parts.length) parts.push('same messages, but references, flags, comments or strings differ')
  return `${relativeFile}: ${parts.join('\n      ')}`
}

function checkExtraction() {
  console.log('(a) catalogs are up to date with the code (lingui extract --clean)')
  if (!fs.existsSync(linguiBin)) {
    fail(`${rel(linguiBin)} not found: install the dependencies (npm ci) first`)
    return
  }
  if (!fs.existsSync(localesDir)) {
    fail(`${rel(localesDir)} does not exist: run npm run i18n:extract`)
    return
  }
  const backupRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'check-catalogs-'))
  const backup = path.join(backupRoot, 'locales')
  try {
    fs.cpSync(localesDir, backup, { recursive: true, preserveTimestamps: true })
  } catch (error) {
    fs.rmSync(backupRoot, { recursive: true, force: true })
    fail(`could not copy ${rel(localesDir)} aside: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  let restored = false
  const restore = () => {
    if (restored) return
    restored = true
    fs.rmSync(localesDir, { recursive: true, force: true })
    fs.cpSync(backup, localesDir, { recursive: true, preserveTimestamps: true })
    fs.rmSync(backupRoot, { recursive: true, force: true })
  }
  // Ctrl-C while lingui runs must not leave rewritten catalogs behind.
  const onSignal = (signal) => {
    restore()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const result = spawnSync(linguiBin, ['extract', '--clean'], { cwd: root, env: childEnv, encoding: 'utf8' })
    if (result.error || result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim()
      fail(
        `lingui extract --clean failed (${result.error ? result.error.message : `exit code ${result.status ?? result.signal}`})` +
          (output ? `:\n${output.replace(/^/gm, '      ')}` : ''),
      )
      return
    }
    const files = [...new Set([...listFiles(backup), ...listFiles(localesDir)])].sort()
    const differences = []
    for (const file of files) {
      const beforePath = path.join(backup, file)
      const afterPath = path.join(localesDir, file)
      const before = fs.existsSync(beforePath) ? fs.readFileSync(beforePath, 'utf8') : undefined
      const after = fs.existsSync(afterPath) ? fs.readFileSync(afterPath, 'utf8') : undefined
      if (before === after) continue
      if (before !== undefined && after !== undefined) {
        if (!file.endsWith('.po')) {
          differences.push(describeDifference(file, before, after))
          continue
        }
        if (normalizePo(before, `locales/${file} (committed)`) === normalizePo(after, `locales/${file} (extracted)`)) continue
      }
      differences.push(describeDifference(file, before, after))
    }
    if (differences.length) {
      fail(`the catalogs are out of date with the code — run npm run i18n:extract and commit the result:\n    ${differences.join('\n    ')}`)
    } else {
      pass(`extraction changes nothing (${files.length} file(s) compared)`)
    }
  } catch (error) {
    fail(`could not check the extraction: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    try {
      restore()
    } catch (error) {
      fail(`could not restore ${rel(localesDir)} from ${backup}: ${error instanceof Error ? error.message : String(error)}`)
    }
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
  }
}

// ---------------------------------------------------------------------------------------
// (b) every message translated
// ---------------------------------------------------------------------------------------

function checkTranslations() {
  console.log('(b) every message has a translation')
  const found = catalogs()
  if (found.length === 0) {
    fail(`no catalogs found under ${rel(localesDir)}/<locale>/messages.po`)
    return
  }
  for (const { locale, file } of found) {
    let messages
    try {
      messages = readPo(fs.readFileSync(file, 'utf8'), rel(file)).items.filter((item) => !item.obsolete)
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error))
      continue
    }
    const missing = messages.filter((item) => item.msgstr.length === 0 || item.msgstr.some((value) => value === undefined || value === ''))
    if (missing.length === 0) {
      pass(`${locale}: all ${messages.length} message(s) translated`)
      continue
    }
    const listed = missing
      .slice(0, MAX_LISTED)
      .map((item) => `\n      ${rel(file)}  ${JSON.stringify(item.msgctxt === null ? item.msgid : `${item.msgctxt} | ${item.msgid}`)}`)
      .join('')
    const more = missing.length > MAX_LISTED ? `\n      … and ${missing.length - MAX_LISTED} more` : ''
    fail(
      `${locale}: ${missing.length} of ${messages.length} message(s) have an empty msgstr${missing.length > MAX_LISTED ? ` (first ${MAX_LISTED})` : ''}:${listed}${more}`,
    )
  }
}

// ---------------------------------------------------------------------------------------
// (c) msgfmt accepts the files
// ---------------------------------------------------------------------------------------

function checkMsgfmt() {
  console.log(`(c) ${MSGFMT} --check-format --check-header accepts every catalog`)
  if (!fs.existsSync(MSGFMT)) {
    fail(`${MSGFMT} not found: install Debian's gettext (sudo apt-get install gettext)`)
    return
  }
  for (const { locale, file } of catalogs()) {
    const result = spawnSync(MSGFMT, ['--check-format', '--check-header', '-o', '/dev/null', file], { cwd: root, encoding: 'utf8' })
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
      .trim()
      .split(root + path.sep)
      .join('')
    if (result.error || result.status !== 0) {
      fail(
        `${locale}: msgfmt rejects ${rel(file)} (${result.error ? result.error.message : `exit code ${result.status ?? result.signal}`})${output ? `:\n${output.replace(/^/gm, '      ')}` : ''}`,
      )
    } else {
      pass(`${locale}: msgfmt accepts ${rel(file)}`)
      if (output) console.log(`    msgfmt warnings (not failures):\n${output.replace(/^/gm, '      ')}`)
    }
  }
}

checkExtraction()
checkTranslations()
checkMsgfmt()

if (failures.length) {
  console.error(`\ncheck-catalogs: ${failures.length} check(s) failed`)
  process.exitCode = 1
} else {
  console.log('\ncheck-catalogs: all checks passed')
}
