/**
 * The bench's own map (the home search's map view is one of its Lighthouse pages): a small
 * PMTiles archive and style over Irvine and Tustin, where most demo homes are, written as the
 * e2e tests write theirs (scripts/map-fixture.ts), so the map draws real tiles without a network.
 * Usage: node scripts/run.mjs scripts/bench-map-fixture.ts <folder> <base URL of /map-data>
 */
import { writeMapFixture } from './map-fixture.ts'

export async function main(args: Array<string>): Promise<number> {
  const [directory, baseUrl] = args
  if (!directory || !baseUrl) {
    console.error('usage: node scripts/run.mjs scripts/bench-map-fixture.ts <folder> <base URL of /map-data>')
    return 2
  }
  await writeMapFixture(directory, { baseUrl, bounds: { west: -117.95, south: 33.6, east: -117.7, north: 33.82 }, maxZoom: 11 })
  return 0
}
