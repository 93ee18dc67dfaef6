import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` when the page allows it, and finds out by
// trying once; under our Content-Security-Policy (no 'unsafe-eval') that probe is a CSP violation
// report on every page. The interpreted parsers are fast enough for our payloads. Imported first by
// the entry, before any schema exists (schemas read this setting when they are created).
z.config({ jitless: true });
