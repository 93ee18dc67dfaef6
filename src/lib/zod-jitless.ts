// The dashboard's `zod`: vite.config.ts points the bare specifier `zod` here in the browser build.
// zod 4 compiles object parsers with `new Function` when the page allows it, and finds out by trying
// once; under our Content-Security-Policy (no 'unsafe-eval') that probe is a CSP violation report.
// Configuring zod in the module every `import { z } from 'zod'` goes through sets `jitless` before
// any schema exists, wherever zod is first loaded (it is not on the first screen: decision 0075).
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
