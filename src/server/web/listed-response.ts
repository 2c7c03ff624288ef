import { FastResponse } from 'srvx/node'

export type HeaderList = Array<[string, string]>

/**
 * A response whose headers stay a plain list until something reads `headers`: the page store's
 * answers (decision 009), which srvx hands to Node as they are. The request log adds the
 * request's id to that list (`addHeader`): setting it through `headers` built a `Headers` of
 * every stored header, each validated, on every stored page (decision 055). The list is this
 * response's own copy, so an added header never reaches the stored one.
 */
export class ListedResponse extends FastResponse {
  readonly #list: HeaderList
  #headersRead = false

  constructor(body: Uint8Array<ArrayBuffer> | null, init: { status: number; headers: HeaderList }) {
    const list = init.headers.slice()
    super(body, { status: init.status, headers: list })
    this.#list = list
  }

  override get headers(): Headers {
    // From here on srvx sends the `Headers` it made, not the list.
    this.#headersRead = true
    return super.headers
  }

  addHeader(name: string, value: string): void {
    if (this.#headersRead) this.headers.set(name, value)
    else this.#list.push([name, value])
  }
}
