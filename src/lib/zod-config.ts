import { z } from 'zod';

// The Content-Security-Policy forbids eval. Without this, zod probes `new Function` once to compile
// faster parsers, and the browser reports the refused probe as a policy violation. Imported first
// by main.tsx, before any module can parse.
z.config({ jitless: true });
