import { config } from 'zod/v4/core'

// Imported first by the browser's entry, before any schema is built. The pages'
// Content-Security-Policy allows no eval (issue 17); zod 4 compiles object parsers with
// `new Function` unless told not to, and even its probe for eval reports a CSP violation.
// The server keeps the compiled parsers: no policy applies there. Only zod's small core
// config is imported here: `zod` itself would put the whole library into every visitor's
// first download, while the schemas that need it load with the forms that use them.
config({ jitless: true })
