import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { BackupError } from './manifest'

/**
 * pg_dump and pg_restore: Debian keeps each major version under /usr/lib/postgresql/<major>/bin
 * (the highest is newest, and a pg_dump must be at least the server's version); elsewhere
 * they are on PATH.
 */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const best = readdirSync(root)
      .filter((version) => /^\d+(\.\d+)?$/.test(version) && existsSync(path.join(root, version, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a))[0]
    if (best !== undefined) return path.join(root, best, 'bin', name)
  }
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (folder !== '' && existsSync(path.join(folder, name))) return path.join(folder, name)
  }
  throw new BackupError(`${name} was not found on PATH or under /usr/lib/postgresql/*/bin: install the PostgreSQL client (Debian: postgresql-client)`)
}

/**
 * The connection for a libpq tool. The password goes in PGPASSWORD, not on the command line,
 * where every user of the machine could read it in the process list.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: password === '' ? {} : { PGPASSWORD: password } }
}

/** Runs a PostgreSQL tool to its end; its error output becomes the error's message. */
export function runTool(command: string, args: ReadonlyArray<string>, extraEnv: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...extraEnv } })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000)
    })
    child.once('error', (error) => reject(new BackupError(`${path.basename(command)} could not start: ${error.message}`)))
    child.once('close', (code) => {
      if (code === 0) resolve()
      else reject(new BackupError(`${path.basename(command)} failed (exit ${code ?? 'signal'}): ${stderr.trim()}`))
    })
  })
}
