import { setFlagsFromString } from 'node:v8';

// V8 allocates the objects of an allocation site straight in the old generation ("pretenures"
// them) once most of them have outlived a young collection. After a burst of writes it does so for
// node-postgres's result arrays, whose rows then survive every young collection until a full one:
// measured on the campaign list, ~25% more CPU per request for the rest of the process's life
// (docs/decisions/0013). Everything the service allocates lives for one request, so it turns the
// heuristic off. The collector reads the flag at each run, so setting it at boot takes effect.
setFlagsFromString('--no-allocation-site-pretenuring');

// Stack traces name the TypeScript sources (esbuild writes dist/server/index.js.map) whichever
// way the bundle is started; `npm run serve` also passes --enable-source-maps.
process.setSourceMapsEnabled(true);
