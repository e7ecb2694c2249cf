import { PNG } from 'pngjs';

/** Small but complete files of each cover format, for the media tests. */
export function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A 1x1 baseline JPEG (SOI, APP0/JFIF, DQT, SOF0, DHT, SOS, EOI). */
export function tinyJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
}

/** A 1x1 transparent GIF89a. */
export function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

export function tinyPdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n';
  const xref = `xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n`;
  return Buffer.from(`${body}${xref}trailer <</Size 3 /Root 1 0 R>>\nstartxref\n${body.length}\n%%EOF\n`, 'latin1');
}

/** Bytes that match no format's signature (seeded, so the test never flakes). */
export function noiseBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  bytes[0] = 0x42;
  bytes[1] = 0x17;
  return bytes;
}
