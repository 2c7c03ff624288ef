import { readFile } from 'node:fs/promises'
import { logProblems, scanLog } from '~/server/logging/log-scan'

/**
 * `node scripts/run.mjs scripts/check-server-log.ts <file>`: after the e2e run (scripts/test-all.sh),
 * fails when the production server's log has no request line, holds any e-mail address
 * (decision 044) or a request answered with a 5xx (decision 076). The file is the one
 * playwright.config.ts sends the server's output to.
 */
export async function main(args: Array<string>): Promise<number> {
  const file = args[0]
  if (!file) {
    console.error('usage: node scripts/run.mjs scripts/check-server-log.ts <log file>')
    return 2
  }
  const scan = scanLog(await readFile(file, 'utf8'))
  const problems = logProblems(scan)
  // The addresses are the tests' own: shown, so the line that leaked one can be found; a 5xx's line
  // number leads to the lines around it, the error's own among them.
  for (const problem of problems.slice(0, 20)) console.error(`[check-server-log] ${problem}`)
  if (problems.length > 20) console.error(`[check-server-log] … and ${problems.length - 20} more`)
  console.log(
    `[check-server-log] ${file}: ${scan.lines} lines, ${scan.jsonLines} JSON, ${scan.requestLines} requests, ${scan.serverErrors.length} server errors, ${scan.emails.length} e-mail addresses`,
  )
  return problems.length === 0 ? 0 : 1
}
