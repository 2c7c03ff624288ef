#!/usr/bin/env node
/**
 * The Node floor of the page delivery bench (scripts/bench-pages.mjs, decision 059): what Node's
 * own HTTP server costs when it does nothing but send a stored answer. One worker per core, as
 * `npm start` runs, each answering `/file-N` with the app's very gzip bytes and headers (read
 * from `<folder>/file-N.gz` and `file-N.json`), and nothing else: no URL parsed, no log line, no
 * metrics, no store. What the app spends above this is the app's; what this spends above nginx is
 * Node's.
 *
 * Usage: node scripts/bench-node-floor.mjs <folder> <port>
 */
import cluster from 'node:cluster'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

const [folder, port] = process.argv.slice(2)

if (cluster.isPrimary) {
  for (let index = 0; index < os.availableParallelism(); index++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    process.exit(0)
  })
} else {
  const answers = new Map()
  for (const name of fs.readdirSync(folder)) {
    if (!name.endsWith('.gz')) continue
    const key = `/${name.slice(0, -'.gz'.length)}`
    answers.set(key, {
      body: fs.readFileSync(path.join(folder, name)),
      headers: JSON.parse(fs.readFileSync(path.join(folder, `${key.slice(1)}.json`), 'utf8')),
    })
  }
  http
    .createServer((request, response) => {
      const answer = answers.get(request.url)
      if (!answer) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, answer.headers)
      response.end(answer.body)
    })
    .listen({ port: Number(port), host: '127.0.0.1', exclusive: false })
}
