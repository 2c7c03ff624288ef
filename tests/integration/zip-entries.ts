import yauzl from 'yauzl'

/** A ZIP's files by name, read whole (the exports the tests read are small). */
export type ZipEntries = Map<string, Buffer>

export function unzip(bytes: Buffer): Promise<ZipEntries> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const entries: ZipEntries = new Map()
      zip.on('error', reject)
      zip.on('end', () => resolve(entries))
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks: Array<Buffer> = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.readEntry()
    })
  })
}

export function jsonOf<T>(entries: ZipEntries, name: string): T {
  const bytes = entries.get(name)
  if (!bytes) throw new Error(`${name} is missing from the export`)
  return JSON.parse(bytes.toString('utf8')) as T
}
