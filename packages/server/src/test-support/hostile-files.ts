/**
 * Small hostile files made in code, for the upload limits (docs/product/security.md): each is a
 * few kilobytes and costs a naive image or PDF pipeline seconds to minutes of one core.
 */
import { constants, crc32, createDeflate, deflateSync } from 'node:zlib';

function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}${trailer}`, 'latin1'));
  return Buffer.concat(parts);
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const onePage = (resources: string) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << ${resources} >> >>`,
];

/**
 * A "billion laughs" PDF (about 2.7 KB at depth 12): its page draws a form that draws the next
 * form `fanout` times, `depth` levels deep — fanout^(depth-1) rectangles (4 million here).
 */
export function nestedFormsPdf(depth = 12, fanout = 4): Buffer {
  const objects: (string | Buffer)[] = [...onePage('/XObject << /X 5 0 R >>'), streamObject('', Buffer.from('/X Do'))];
  for (let level = 0; level < depth; level++) {
    const next = 5 + level + 1;
    const body = level === depth - 1 ? '0 0 1 1 re f' : Array<string>(fanout).fill('/X Do').join(' ');
    objects.push(
      streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /X ${next} 0 R >> >>`, Buffer.from(body)),
    );
  }
  return pdfOf(objects);
}

/** A PDF of under 1 KB holding a side × side image (zeros, deflated twice): 16000 took 40 s to draw. */
export function hugeImagePdf(side = 16_000): Buffer {
  const pixels = deflateSync(deflateSync(Buffer.alloc((side * side) / 8), { level: 9 }), { level: 9 });
  return pdfOf([
    ...onePage('/XObject << /I 5 0 R >>'),
    streamObject('', Buffer.from('q 200 0 0 200 0 0 cm /I Do Q')),
    streamObject(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter [/FlateDecode /FlateDecode]`,
      pixels,
    ),
  ]);
}

/**
 * A decompression bomb (about 1.4 KB): the page's content stream is `mb` megabytes of spaces,
 * deflated twice ([/FlateDecode /FlateDecode]). 2 GB of it took 2.8 GB of memory to read.
 */
export async function flateBombPdf(mb = 768): Promise<Buffer> {
  const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const deflate = createDeflate({ level: 1, strategy: constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  for (let written = 0; written < mb; written += 16) deflate.write(spaces);
  await new Promise<void>((resolve) => deflate.end(resolve));
  const content = deflateSync(Buffer.concat(parts), { level: 9 });
  return pdfOf([...onePage(''), streamObject('/Filter [/FlateDecode /FlateDecode]', content)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid black width × height PNG (1-bit grey) of a few tens of kilobytes: 256 megapixels at the default. */
export function pngBomb(width = 16_000, height = 16_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = Math.ceil(width / 8) + 1; // each row: filter byte 0 and the packed pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
