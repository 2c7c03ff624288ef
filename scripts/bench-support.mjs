/** Helpers the benchmark scripts share: run a command to completion, wait for the server. */
import { spawn } from 'node:child_process'
import path from 'node:path'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))))
  })
}

export async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`server did not answer at ${url}`)
}
