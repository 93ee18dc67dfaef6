// Writes the demo's failing sample media next to the passing ones in public/samples, derived
// from clip-1.mp4 (a real 180x320, 3 s H.264 MP4) by rewriting container fields; no binaries.
//   landscape.mp4  the picture size in the track header and sample entry says 320x180
//   long.mp4       the movie header says 212 s (too long for a story anywhere)
//   broken.mp4     clip-1.mp4's file-type box, then bytes of its media data without a movie header
//                  (what a failed upload looks like: unplayable)
// Run: node scripts/make-sample-media.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../public/samples/', import.meta.url);
const source = readFileSync(new URL('clip-1.mp4', dir));

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** Every box as {type, start, size}, descending into containers and stsd's sample entries. */
function boxes(buf, from = 0, to = buf.length, out = []) {
  for (let at = from; at + 8 <= to;) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size < 8) break;
    out.push({ type, start: at, size });
    if (CONTAINERS.has(type)) boxes(buf, at + 8, at + size, out);
    if (type === 'stsd') boxes(buf, at + 16, at + size, out);
    at += size;
  }
  return out;
}

function patch(buf, edit) {
  const copy = Buffer.from(buf);
  for (const box of boxes(copy)) edit(copy, box);
  return copy;
}

const landscape = patch(source, (b, box) => {
  if (box.type === 'tkhd') {
    const v1 = b[box.start + 8] === 1;
    const at = box.start + 8 + 4 + (v1 ? 32 : 20) + 8 + 8 + 36;
    const w = b.readUInt32BE(at);
    const h = b.readUInt32BE(at + 4);
    if (w && h) {
      b.writeUInt32BE(h, at);
      b.writeUInt32BE(w, at + 4);
    }
  }
  if (box.type === 'avc1') {
    const at = box.start + 32;
    const w = b.readUInt16BE(at);
    b.writeUInt16BE(b.readUInt16BE(at + 2), at);
    b.writeUInt16BE(w, at + 2);
  }
});

const long = patch(source, (b, box) => {
  if (box.type === 'mvhd' && b[box.start + 8] === 0) {
    const timescale = b.readUInt32BE(box.start + 20);
    b.writeUInt32BE(212 * timescale, box.start + 24);
  }
});

writeFileSync(new URL('landscape.mp4', dir), landscape);
writeFileSync(new URL('long.mp4', dir), long);
const ftyp = boxes(source).find((b) => b.type === 'ftyp');
const mdat = boxes(source).find((b) => b.type === 'mdat');
writeFileSync(
  new URL('broken.mp4', dir),
  Buffer.concat([source.subarray(0, ftyp.size), source.subarray(mdat.start, mdat.start + 4096)]),
);
console.log('wrote landscape.mp4, long.mp4, broken.mp4 in public/samples');
