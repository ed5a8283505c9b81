/**
 * The analysis table's footnotes, numbered the same way by both renderers (server PDF, browser
 * print): a row's measurement note marks its name, its norm remark marks its norm, numbers run in
 * table order and a text met again (two measurements with the same caveat) keeps its first number.
 * The notes go under the table, after its last row, in full.
 */

export interface ReportFootnote {
  readonly n: number;
  readonly text: string;
}

export interface ReportFootnoteMarks {
  /** The mark after the row's name (its measurement note), null when it has none. */
  readonly name: number | null;
  /** The mark after the row's norm (its norm remark), null when it has none. */
  readonly norm: number | null;
}

export interface ReportFootnotes {
  /** One entry per row, in the rows' order. */
  readonly marks: readonly ReportFootnoteMarks[];
  readonly notes: readonly ReportFootnote[];
}

export function reportFootnotes(rows: readonly { readonly note?: string | null; readonly normNote?: string | null }[]): ReportFootnotes {
  const numbers = new Map<string, number>();
  const notes: ReportFootnote[] = [];
  const mark = (text: string | null | undefined): number | null => {
    if (text === null || text === undefined || text.trim() === '') return null;
    const known = numbers.get(text);
    if (known !== undefined) return known;
    const n = notes.length + 1;
    numbers.set(text, n);
    notes.push({ n, text });
    return n;
  };
  const marks = rows.map((row) => {
    const name = mark(row.note);
    return { name, norm: mark(row.normNote) };
  });
  return { marks, notes };
}
