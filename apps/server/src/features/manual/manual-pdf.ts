import { existsSync } from 'node:fs';
import path from 'node:path';
import { Lexer, type Token, type Tokens } from 'marked';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { ManualLang } from '@ceppro/contract';
import { fontBytes, fontName, type FontFace } from '../../pdf/index';

/**
 * The user manual as a PDF, from its Markdown source (docs/manual/<lang>.md). marked's lexer reads
 * the Markdown; this file lays the tokens out with pdfkit: headings, paragraphs (bold, italic and
 * code spans), bullet and numbered lists, quotes, rules and images (the screenshots the browser
 * tests take), with the report's embedded Noto fonts and "n / N" page numbers. Only what the
 * manual uses is supported; anything else is refused by name so the manual never loses text
 * silently.
 */
/** The manual's languages: the contract's, whose MANUAL_ENDPOINT serves one file each. */
export type { ManualLang };

export interface ManualPdfOptions {
  lang: ManualLang;
  /** The Markdown file's folder: image paths resolve against it. */
  baseDir: string;
  title: string;
  creationDate: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const TEXT = '#1f2933';
const ACCENT = '#1d5fa8';
const HEADING_SIZE: Record<number, number> = { 1: 22, 2: 16, 3: 13 };
/** Screenshots are drawn this wide (centred), so a 1280 x 800 screen is about 270 points tall. */
const IMAGE_WIDTH = CONTENT_WIDTH * 0.9;
/** Room a "###" section needs on its page: heading, a short paragraph and a screenshot. */
const KEEP_WITH_SECTION = 400;
/** Screenshots are re-encoded as JPEG: a page of a 1280 px screen reads well at this quality. */
const JPEG_QUALITY = 82;

type Style = 'regular' | 'bold';

interface Run {
  text: string;
  style: Style;
  italic: boolean;
  code: boolean;
}

export async function buildManualPdf(markdown: string, options: ManualPdfOptions): Promise<Buffer> {
  const face: FontFace = options.lang === 'ko' ? 'kr' : 'latin';
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: options.title, Author: 'Ceppro', Creator: 'Ceppro', Producer: 'Ceppro (pdfkit)', CreationDate: options.creationDate },
    lang: options.lang,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const style of ['regular', 'bold'] as const) pdf.registerFont(fontName(face, style), fontBytes(face, style));
  const font = (style: Style) => pdf.font(fontName(face, style));

  const writer = new Writer(pdf, font, options.baseDir);
  for (const token of new Lexer().lex(markdown)) await writer.block(token);

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // Writing inside the bottom margin would start a new page: lift the margin for the footer.
    pdf.page.margins.bottom = 0;
    font('regular').fontSize(9).fillColor('#6b7785');
    pdf.text(`${i + 1} / ${range.count}`, MARGIN, A4.height - MARGIN / 2 - 4, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
  }
  pdf.end();
  return done;
}

class Writer {
  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly font: (style: Style) => PDFKit.PDFDocument,
    private readonly baseDir: string,
  ) {}

  async block(token: Token): Promise<void> {
    const { pdf } = this;
    switch (token.type) {
      case 'heading':
        return this.heading(token as Tokens.Heading);
      case 'paragraph': {
        const inline = (token as Tokens.Paragraph).tokens;
        const images = inline.filter((t) => t.type === 'image') as Tokens.Image[];
        // A paragraph of screenshots (and the line breaks between them) is a figure.
        if (images.length > 0 && inline.every((t) => t.type === 'image' || t.raw.trim() === '')) {
          for (const image of images) await this.image(image);
          return;
        }
        this.runs(inlineRuns(inline), { indent: 0 });
        pdf.moveDown(0.6);
        return;
      }
      case 'list':
        return this.list(token as Tokens.List);
      case 'blockquote': {
        const quote = token as Tokens.Blockquote;
        const top = pdf.y;
        for (const inner of quote.tokens) {
          if (inner.type !== 'paragraph') throw new Error(`manual: a quote may only hold paragraphs, not ${inner.type}`);
          this.runs(inlineRuns((inner as Tokens.Paragraph).tokens), { indent: 14 });
        }
        pdf
          .save()
          .rect(MARGIN, top, 3, pdf.y - top)
          .fill(ACCENT)
          .restore();
        pdf.moveDown(0.6);
        return;
      }
      case 'hr':
        pdf
          .save()
          .moveTo(MARGIN, pdf.y)
          .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
          .lineWidth(0.5)
          .stroke('#c5ccd3')
          .restore();
        pdf.moveDown(0.8);
        return;
      case 'space':
        return;
      default:
        throw new Error(`manual: Markdown "${token.type}" is not supported in the manual`);
    }
  }

  private heading(token: Tokens.Heading): void {
    const { pdf } = this;
    const size = HEADING_SIZE[token.depth] ?? 12;
    // A chapter starts on a new page; a section keeps its heading with its text and screenshot
    // (a section is a paragraph or two and one screen, about KEEP_WITH_SECTION points tall).
    if (token.depth === 2 && pdf.y > MARGIN + 1) pdf.addPage();
    else if (pdf.y > A4.height - MARGIN - (token.depth === 3 ? KEEP_WITH_SECTION : 4 * size)) pdf.addPage();
    else if (pdf.y > MARGIN + 1) pdf.moveDown(0.4);
    this.font('bold')
      .fontSize(size)
      .fillColor(token.depth === 1 ? ACCENT : TEXT);
    pdf.text(plain(token.tokens), MARGIN, pdf.y, { width: CONTENT_WIDTH });
    if (token.depth === 1) {
      pdf
        .save()
        .moveTo(MARGIN, pdf.y + 4)
        .lineTo(MARGIN + CONTENT_WIDTH, pdf.y + 4)
        .lineWidth(1)
        .stroke(ACCENT)
        .restore();
      pdf.moveDown(0.8);
    } else {
      pdf.moveDown(0.35);
    }
  }

  private list(list: Tokens.List, depth = 0): void {
    const { pdf } = this;
    const start = typeof list.start === 'number' ? list.start : 1;
    list.items.forEach((item, index) => {
      const bullet = list.ordered ? `${start + index}.` : '•';
      const indent = 16 + depth * 16;
      const y = pdf.y;
      this.font('regular').fontSize(10.5).fillColor(TEXT);
      pdf.text(bullet, MARGIN + indent - 14, y, { width: 14, lineBreak: false });
      pdf.y = y;
      for (const inner of item.tokens) {
        if (inner.type === 'list') this.list(inner as Tokens.List, depth + 1);
        else if (inner.type === 'text' || inner.type === 'paragraph') {
          const tokens = (inner as Tokens.Text).tokens ?? [inner];
          this.runs(inlineRuns(tokens), { indent });
        } else if (inner.type !== 'space') throw new Error(`manual: a list item may not hold ${inner.type}`);
      }
      pdf.moveDown(0.2);
    });
    pdf.moveDown(0.4);
  }

  /** Writes styled runs as one flowing paragraph. */
  private runs(runs: Run[], { indent }: { indent: number }): void {
    const { pdf } = this;
    const visible = runs.filter((r) => r.text !== '');
    visible.forEach((run, i) => {
      this.font(run.style)
        .fontSize(10.5)
        .fillColor(run.code ? ACCENT : TEXT);
      const options = { width: CONTENT_WIDTH - indent, continued: i < visible.length - 1, oblique: run.italic ? 10 : 0, lineGap: 2 };
      if (i === 0) pdf.text(run.text, MARGIN + indent, pdf.y, options);
      else pdf.text(run.text, options);
    });
  }

  private async image(token: Tokens.Image): Promise<void> {
    const { pdf } = this;
    const file = path.resolve(this.baseDir, decodeURI(token.href));
    if (!file.startsWith(path.resolve(this.baseDir) + path.sep) || !existsSync(file)) {
      throw new Error(`manual: the image ${token.href} is missing (run the browser tests to take the screenshots)`);
    }
    const image = sharp(file);
    const { width = 1, height = 1 } = await image.metadata();
    const jpeg = await image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
    const drawWidth = Math.min(IMAGE_WIDTH, width);
    const drawHeight = (height / width) * drawWidth;
    if (pdf.y + drawHeight + 24 > A4.height - MARGIN) pdf.addPage();
    const top = pdf.y;
    const left = MARGIN + (CONTENT_WIDTH - drawWidth) / 2;
    pdf.image(jpeg, left, top, { width: drawWidth });
    pdf.save().rect(left, top, drawWidth, drawHeight).lineWidth(0.5).stroke('#c5ccd3').restore();
    pdf.y = top + drawHeight + 4;
    if (token.text !== '') {
      this.font('regular').fontSize(8.5).fillColor('#6b7785');
      pdf.text(token.text, MARGIN, pdf.y, { width: CONTENT_WIDTH, align: 'center' });
    }
    pdf.moveDown(0.8);
  }
}

/** Inline tokens as runs of one style each (bold, italic, code); links keep their text. */
function inlineRuns(tokens: Token[], style: Style = 'regular', italic = false): Run[] {
  return tokens.flatMap((token): Run[] => {
    switch (token.type) {
      case 'strong':
        return inlineRuns((token as Tokens.Strong).tokens, 'bold', italic);
      case 'em':
        return inlineRuns((token as Tokens.Em).tokens, style, true);
      case 'codespan':
        return [{ text: unescape((token as Tokens.Codespan).text), style: 'bold', italic, code: true }];
      case 'link':
        return inlineRuns((token as Tokens.Link).tokens, style, italic);
      case 'br':
        return [{ text: '\n', style, italic, code: false }];
      case 'text':
      case 'escape': {
        const inner = (token as Tokens.Text).tokens;
        if (inner !== undefined && inner.length > 0) return inlineRuns(inner, style, italic);
        return [{ text: unescape((token as Tokens.Text).text).replace(/\n/g, ' '), style, italic, code: false }];
      }
      default:
        throw new Error(`manual: inline Markdown "${token.type}" is not supported in the manual`);
    }
  });
}

function plain(tokens: Token[]): string {
  return inlineRuns(tokens)
    .map((r) => r.text)
    .join('');
}

/** marked keeps HTML entities in text tokens (&amp;, &quot;, &#39;): the PDF wants the characters. */
function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}
