import { pdfText, textRuns, type FontStyle } from './pdf-text';

/**
 * A small PDF 1.4 writer for the report: A4 pages with text, lines, rectangles and JPEG images.
 * Content streams stay uncompressed (the report is one or two pages of text plus one JPEG, which is
 * already compressed), so building a PDF is string work and never holds the event loop for long.
 *
 * Coordinates are PDF points (1/72 inch) from the TOP-LEFT of the page, y down, like the layout
 * code thinks; the writer flips them to PDF's bottom-left origin.
 */

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface JpegImage {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 3;
}

export type Rgb = readonly [number, number, number];

interface TextOptions {
  size: number;
  style?: FontStyle;
  color?: Rgb;
}

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();
const rgb = (c: Rgb): string => c.map((v) => fmt(v)).join(' ');

/** One page's drawing operators. */
export class PdfPage {
  readonly ops: string[] = [];
  readonly images = new Set<number>();

  constructor(readonly height: number) {}

  text(x: number, y: number, text: string, options: TextOptions): void {
    const { size, style = 'regular', color = [0, 0, 0] } = options;
    // y is the baseline, from the top.
    let cursor = x;
    const parts: string[] = [];
    for (const run of textRuns(text, style)) {
      parts.push(`BT /${run.font} ${fmt(size)} Tf ${fmt(cursor)} ${fmt(this.height - y)} Td ${run.encoded} Tj ET`);
      cursor += (run.width * size) / 1000;
    }
    this.ops.push(`${rgb(color)} rg`, ...parts);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, color: Rgb = [0, 0, 0]): void {
    this.ops.push(`${rgb(color)} RG ${fmt(width)} w ${fmt(x1)} ${fmt(this.height - y1)} m ${fmt(x2)} ${fmt(this.height - y2)} l S`);
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): void {
    this.ops.push(`${rgb(fill)} rg ${fmt(x)} ${fmt(this.height - y - h)} ${fmt(w)} ${fmt(h)} re f`);
  }

  image(index: number, x: number, y: number, w: number, h: number): void {
    this.images.add(index);
    this.ops.push(`q ${fmt(w)} 0 0 ${fmt(h)} ${fmt(x)} ${fmt(this.height - y - h)} cm /Im${index} Do Q`);
  }
}

/** Fonts every report declares: the WinAnsi Helvetica pair, and CJK fonts the viewer supplies (not embedded). */
const FONT_OBJECTS: ReadonlyArray<{ name: string; body: string }> = [
  { name: 'F1', body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' },
  { name: 'F2', body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>' },
  cidFont('FK', 'HYGoThic-Medium', 'UniKS-UCS2-H', 'Korea1', 1),
  cidFont('FJ', 'KozGoPr6N-Medium', 'UniJIS-UCS2-H', 'Japan1', 4),
  cidFont('FC', 'STSong-Light', 'UniGB-UCS2-H', 'GB1', 2),
];

/**
 * A predefined-CMap CID font (PDF 1.4 §5.9): Korean, Japanese and Chinese names print with the
 * viewer's own fonts, so the server needs none and the file stays small. The descendant font is
 * inlined: readers accept a direct dictionary in /DescendantFonts.
 */
function cidFont(name: string, base: string, cmap: string, ordering: string, supplement: number): { name: string; body: string } {
  const descendant = `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${base} /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement ${supplement} >> /FontDescriptor << /Type /FontDescriptor /FontName /${base} /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >> /DW 1000 >>`;
  return { name, body: `<< /Type /Font /Subtype /Type0 /BaseFont /${base}-${cmap} /Encoding /${cmap} /DescendantFonts [${descendant}] >>` };
}

/** Builds the whole file: pages, shared fonts and images, cross-reference table. */
export class PdfDocument {
  private readonly pages: PdfPage[] = [];
  private readonly images: JpegImage[] = [];

  constructor(private readonly info: { title: string; author: string; creationDate: Date }) {}

  addPage(): PdfPage {
    const page = new PdfPage(A4.height);
    this.pages.push(page);
    return page;
  }

  /** Registers a JPEG; returns its index for `PdfPage.image`. The bytes are embedded as they are (DCTDecode). */
  addJpeg(image: JpegImage): number {
    this.images.push(image);
    return this.images.length - 1;
  }

  toBuffer(): Buffer {
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const push = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      chunks.push(buffer);
      length += buffer.length;
    };
    // Object numbers: 1 catalog, 2 pages, 3 info, then fonts, images, and a page + content per page.
    const fontBase = 4;
    const imageBase = fontBase + FONT_OBJECTS.length;
    const pageBase = imageBase + this.images.length;
    const objectCount = pageBase + this.pages.length * 2 - 1;
    const object = (n: number, body: string | Buffer[], dict?: string) => {
      offsets[n] = length;
      push(`${n} 0 obj\n`);
      if (typeof body === 'string') push(body);
      else {
        push(`${dict ?? ''}\nstream\n`);
        body.forEach(push);
        push('\nendstream');
      }
      push('\nendobj\n');
    };

    push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    const kids = this.pages.map((_, i) => `${pageBase + i * 2} 0 R`).join(' ');
    object(2, `<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`);
    object(3, `<< /Title ${pdfText(this.info.title)} /Author ${pdfText(this.info.author)} /Producer (Ceppro) /CreationDate (${pdfDate(this.info.creationDate)}) >>`);
    FONT_OBJECTS.forEach((font, i) => object(fontBase + i, font.body));
    this.images.forEach((image, i) => {
      const space = image.channels === 1 ? '/DeviceGray' : '/DeviceRGB';
      object(imageBase + i, [image.bytes], `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.bytes.length} >>`);
    });
    const fonts = FONT_OBJECTS.map((font, i) => `/${font.name} ${fontBase + i} 0 R`).join(' ');
    this.pages.forEach((page, i) => {
      const pageObject = pageBase + i * 2;
      const xobjects = [...page.images].map((index) => `/Im${index} ${imageBase + index} 0 R`).join(' ');
      const resources = `<< /Font << ${fonts} >> /XObject << ${xobjects} >> /ProcSet [/PDF /Text /ImageB /ImageC] >>`;
      object(pageObject, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(A4.width)} ${fmt(A4.height)}] /Resources ${resources} /Contents ${pageObject + 1} 0 R >>`);
      const content = Buffer.from(page.ops.join('\n'), 'latin1');
      object(pageObject + 1, [content], `<< /Length ${content.length} >>`);
    });

    const xref = length;
    push(`xref\n0 ${objectCount + 1}\n0000000000 65535 f \n`);
    for (let n = 1; n <= objectCount; n += 1) push(`${String(offsets[n] ?? 0).padStart(10, '0')} 00000 n \n`);
    push(`trailer\n<< /Size ${objectCount + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return Buffer.concat(chunks);
  }
}

/** `D:YYYYMMDDHHmmSSZ` in UTC. */
function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}


