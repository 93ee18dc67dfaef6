// Many open event streams (GET /2026-07/events), as many dashboards would hold them, in a process
// of their own so that reading them does not share the load generator's event loop. Driven by
// messages from the fanout part (bench/parts/fanout.ts):
//   { type: 'open', base, keys, count }  opens `count` streams, the keys in turn (10 per key at most);
//                                         answers { type: 'opened', open, ms }
//   { type: 'watch', marker }              from now on, records when each stream sees a frame of an
//                                         event whose JSON contains `marker` (the probes' event type)
//   { type: 'report' }                     answers { type: 'report', seen: { [resource id]: times[] },
//                                         open, bytes } with the arrival times (Date.now()) per stream
//   { type: 'close' }                      closes every stream; answers { type: 'closed' }
import { request } from 'node:http';

let streams = [];
let marker = null;
/** resource id -> arrival time of each stream that saw it (one entry per stream). */
let seen = new Map();
let bytes = 0;

const ID = /"id":"([^"]+)"/;

function open(base, key) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/2026-07/events`, {
      agent: false,
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
    });
    const stream = { req, open: false, rest: '', tail: null };
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /2026-07/events answered ${res.statusCode}`));
        return;
      }
      stream.open = true;
      // Bytes, not text: most chunks are only counted; a chunk is decoded only when it holds a
      // probe's event (Buffer.indexOf is a memchr-fast search).
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (marker === null) return;
        const hit =
          chunk.indexOf(marker) !== -1 ||
          (stream.tail !== null &&
            Buffer.concat([stream.tail, chunk.subarray(0, marker.length)]).indexOf(marker) !== -1);
        if (!hit && stream.rest === '') {
          stream.tail = chunk.subarray(Math.max(0, chunk.length - marker.length));
          return;
        }
        // A frame may be cut between chunks: keep the unfinished end.
        const text = stream.rest + (stream.tail ? stream.tail.toString() : '') + chunk.toString();
        stream.tail = null;
        const end = text.lastIndexOf('\n\n');
        stream.rest = end === -1 ? text : text.slice(end + 2);
        if (end === -1) return;
        const now = Date.now();
        for (const frame of text.slice(0, end).split('\n\n')) {
          if (!frame.includes(marker)) continue;
          const id = ID.exec(frame)?.[1];
          if (!id) continue;
          let times = seen.get(id);
          if (!times) seen.set(id, (times = []));
          times.push(now);
        }
      });
      res.on('close', () => (stream.open = false));
      resolve(stream);
    });
    req.on('error', (err) => (stream.open ? (stream.open = false) : reject(err)));
    req.end();
  });
}

process.on('message', async (m) => {
  if (m.type === 'open') {
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < m.count) {
        const i = next++;
        streams.push(await open(m.base, m.keys[i % m.keys.length]));
      }
    };
    try {
      await Promise.all(Array.from({ length: 50 }, worker));
      process.send({
        type: 'opened',
        open: streams.filter((s) => s.open).length,
        ms: Date.now() - started,
      });
    } catch (err) {
      process.send({ type: 'error', message: String(err) });
    }
  } else if (m.type === 'watch') {
    marker = m.marker;
    seen = new Map();
    for (const s of streams) s.rest = '';
  } else if (m.type === 'report') {
    process.send({
      type: 'report',
      seen: Object.fromEntries(seen),
      open: streams.filter((s) => s.open).length,
      bytes,
    });
    marker = null;
  } else if (m.type === 'close') {
    for (const s of streams) s.req.destroy();
    streams = [];
    process.send({ type: 'closed' });
  }
});
process.on('disconnect', () => process.exit(0));
