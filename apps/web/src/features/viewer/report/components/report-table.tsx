import { reportAnalysisTitle, reportFootnotes, type ReportFootnote, type ReportLabels, type ReportRow } from '@ceppro/contract';

/** A footnote mark after a cell's text (the PDF's superscript number). */
function Mark({ n }: { n: number | null | undefined }) {
  return n === null || n === undefined ? null : <sup className="report-print__mark">{n}</sup>;
}

/** The numbered notes under a table, after its last row, in full (they wrap, never cut). */
export function PrintFootnotes({ notes, testId }: { notes: readonly ReportFootnote[]; testId?: string }) {
  if (notes.length === 0) return null;
  return (
    <ol className="report-print__footnotes" data-testid={testId}>
      {notes.map((note) => (
        <li key={note.n} value={note.n}>
          {note.text}
        </li>
      ))}
    </ol>
  );
}

/** A simple printed table: a caption, a header row and text cells (the planning sections). */
interface PrintTableProps {
  caption?: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
  testId?: string;
  /** A footnote number after a row's first cell (`reportFootnotes` marks), by row. */
  marks?: readonly (number | null)[];
}

export function PrintTable({ caption, head, rows, testId, marks }: PrintTableProps) {
  return (
    <table className="report-print__table report-print__table--plain" data-testid={testId}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                  <Mark n={marks?.[i]} />
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The analysis table as printed: the report model's rows, cell for cell what the PDF prints, with
 * the measurement notes and norm remarks as numbered footnotes under it (numbered as the PDF does).
 */
export function ReportTable({ analysisName, rows, labels }: { analysisName: string; rows: readonly ReportRow[]; labels: ReportLabels }) {
  const footnotes = reportFootnotes(rows);
  return (
    <>
      <table className="report-print__table" data-testid="report-table">
        <caption>{reportAnalysisTitle(analysisName, labels)}</caption>
        <colgroup>
          <col className="report-print__col-name" />
          <col className="report-print__col-value" />
          <col className="report-print__col-norm" />
          <col className="report-print__col-deviation" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{labels.measurement}</th>
            <th scope="col">{labels.value}</th>
            <th scope="col">{labels.norm}</th>
            <th scope="col">{labels.deviation}</th>
            <th scope="col">{labels.interpretation}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id} data-testid="report-row" data-id={row.id} className="report-print__row">
              <th scope="row">
                {row.name}
                <Mark n={footnotes.marks[i]?.name} />
              </th>
              <td data-testid="report-value">{row.value}</td>
              <td>
                {row.norm}
                <Mark n={footnotes.marks[i]?.norm} />
              </td>
              <td>{row.deviation}</td>
              <td>{row.interpretation}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PrintFootnotes notes={footnotes.notes} testId="report-footnotes" />
    </>
  );
}
