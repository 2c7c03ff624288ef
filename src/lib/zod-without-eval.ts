import { z } from 'zod'

// Imported first by the browser's entry, before any schema is built. The pages'
// Content-Security-Policy allows no eval (issue 17); zod 4 compiles object parsers with
// `new Function` unless told not to, and even its probe for eval reports a CSP violation.
// The server keeps the compiled parsers: no policy applies there.
z.config({ jitless: true })
