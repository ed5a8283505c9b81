import { A4, type ReportDocument, type ReportPage, type Rgb } from '../../pdf/pdf-canvas';

/**
 * Page geometry shared by every page of the report, and the two things pages have in common: a
 * flow that starts a new page (with the report's header) when the next block does not fit above
 * the footer, and tables whose cells wrap and whose header row is repeated on a continued page.
 */
export const MARGIN = 40;
export const WIDTH = A4.width - MARGIN * 2;
export const FOOTER_TOP = A4.height - 62;
export const GREY: Rgb = [0.4, 0.4, 0.4];
export const RULE: Rgb = [0.75, 0.75, 0.75];
export const HEAD_FILL: Rgb = [0.92, 0.93, 0.95];

/** Where the next block goes; `header` draws the report's page header and answers where it ends. */
export class PageFlow {
  readonly pages: ReportPage[] = [];
  page: ReportPage;
  y: number;

  constructor(
    readonly doc: ReportDocument,
    private readonly header: (page: ReportPage) => number,
    private readonly gap = 6,
  ) {
    this.page = this.doc.addPage();
    this.pages.push(this.page);
    this.y = this.header(this.page) + this.gap;
  }

  newPage(): void {
    this.page = this.doc.addPage();
    this.pages.push(this.page);
    this.y = this.header(this.page) + this.gap;
  }

  /** Starts a new page unless `height` more points fit above the footer. Answers whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= FOOTER_TOP - 6) return false;
    this.newPage();
    return true;
  }
}

export interface TableColumn {
  readonly title: string;
  /** Offset from the table's left edge and width, in points. */
  readonly x: number;
  readonly width: number;
  readonly bold?: boolean;
}

export interface TableOptions {
  /** Title above the table (and above its continuation, followed by the continued label). */
  readonly title?: string;
  readonly titleSize?: number;
  readonly continued: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly string[])[];
  readonly left?: number;
  readonly width?: number;
  readonly size?: number;
  /** A fill for a row (for example a value outside its range), else none. */
  readonly rowFill?: (index: number) => Rgb | null;
  readonly rowBold?: (index: number) => boolean;
  /** A footnote mark (superscript, after the cell's text) for a row's cell, else null. */
  readonly mark?: (index: number, column: number) => string | null;
}

/**
 * Draws a table at the flow's position: title, header row, then the rows, each cell wrapped to its
 * column (a row is as tall as its tallest cell). A row that does not fit goes to a new page, under
 * the title with the continued label and the header row again.
 */
export function drawTable(flow: PageFlow, options: TableOptions): void {
  const { columns, rows, continued, left = MARGIN, width = WIDTH, size = 8, titleSize = 11 } = options;
  const lineHeight = size * 1.3;
  const pad = 3;
  const head = (again: boolean) => {
    if (options.title !== undefined) {
      flow.page.text(left, flow.y + titleSize + 1, again ? `${options.title} ${continued}` : options.title, {
        size: titleSize,
        style: 'bold',
      });
      flow.y += titleSize + 8;
    } else if (again) {
      flow.page.text(left, flow.y + 9, continued, { size: 8, color: GREY });
      flow.y += 12;
    }
    const heads = columns.map((c) => flow.doc.wrap(c.title, size, c.width - 2 * pad, 'bold'));
    const height = Math.max(...heads.map((l) => l.length)) * lineHeight + 4;
    flow.page.rect(left, flow.y, width, height, HEAD_FILL);
    heads.forEach((lines, i) =>
      lines.forEach((line, j) =>
        flow.page.text(left + (columns[i]?.x ?? 0) + pad, flow.y + 2 + size + j * lineHeight, line, { size, style: 'bold' }),
      ),
    );
    flow.y += height;
  };
  flow.ensure((options.title !== undefined ? titleSize + 8 : 0) + 3 * lineHeight + 8);
  head(false);
  rows.forEach((row, index) => {
    const bold = options.rowBold?.(index) ?? false;
    const marks = columns.map((_, i) => options.mark?.(index, i) ?? null);
    const markSize = size * 0.7;
    const markWidth = (i: number) => (marks[i] === null ? 0 : flow.doc.textWidth(marks[i] ?? '', markSize) + 1);
    const style = (i: number) => (bold || columns[i]?.bold ? 'bold' : 'regular');
    const cells = columns.map((c, i) => flow.doc.wrap(row[i] ?? '', size, c.width - 2 * pad - markWidth(i), style(i)));
    const height = Math.max(...cells.map((l) => l.length)) * lineHeight + 3;
    if (flow.ensure(height)) head(true);
    const fill = options.rowFill?.(index) ?? null;
    if (fill !== null) flow.page.rect(left, flow.y, width, height, fill);
    cells.forEach((lines, i) => {
      const column = columns[i];
      if (column === undefined) return;
      const x = left + column.x + pad;
      lines.forEach((line, j) => flow.page.text(x, flow.y + 1.5 + size + j * lineHeight, line, { size, style: style(i) }));
      const mark = marks[i];
      if (mark === null || mark === undefined) return;
      const last = lines.length - 1;
      const after = last < 0 ? 0 : flow.doc.textWidth(lines[last] ?? '', size, style(i)) + 0.5;
      flow.page.text(x + after, flow.y + 1.5 + size * 0.65 + Math.max(0, last) * lineHeight, mark, { size: markSize, color: GREY });
    });
    flow.page.line(left, flow.y + height, left + width, flow.y + height, 0.3, RULE);
    flow.y += height;
  });
}

export interface Footnote {
  readonly n: number;
  readonly text: string;
}

/**
 * Numbered notes under a table (after its last row): each wrapped in full under its number (a
 * hanging indent), never cut; a note that does not fit above the footer goes to the next page.
 */
export function drawFootnotes(
  flow: PageFlow,
  notes: readonly Footnote[],
  options: { left?: number; width?: number; size?: number } = {},
): void {
  const { left = MARGIN, width = WIDTH, size = 7 } = options;
  if (notes.length === 0) return;
  const lineHeight = size * 1.3;
  const indent = flow.doc.textWidth(`${notes.length}.`, size) + 4;
  flow.y += 4;
  for (const note of notes) {
    const lines = flow.doc.wrap(note.text, size, width - indent);
    flow.ensure(lines.length * lineHeight + 1);
    flow.page.text(left, flow.y + size, `${note.n}.`, { size, color: GREY });
    lines.forEach((line, j) => flow.page.text(left + indent, flow.y + size + j * lineHeight, line, { size }));
    flow.y += lines.length * lineHeight + 1;
  }
}
