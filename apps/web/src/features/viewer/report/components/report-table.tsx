import { fillLabel, type ReportLabels, type ReportRow } from '@ceppro/contract';

/** A simple printed table: a caption, a header row and text cells (the planning sections). */
interface PrintTableProps {
  caption?: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
  testId?: string;
}

export function PrintTable({ caption, head, rows, testId }: PrintTableProps) {
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
            {row.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The analysis table as printed: the report model's rows, cell for cell what the PDF prints. */
export function ReportTable({ analysisName, rows, labels }: { analysisName: string; rows: readonly ReportRow[]; labels: ReportLabels }) {
  return (
    <table className="report-print__table" data-testid="report-table">
      <caption>{fillLabel(labels.analysisTitle, { name: analysisName })}</caption>
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
        {rows.map((row) => (
          <tr key={row.id} data-testid="report-row" data-id={row.id} className="report-print__row">
            <th scope="row">{row.name}</th>
            <td data-testid="report-value">{row.value}</td>
            <td>{row.norm}</td>
            <td>{row.deviation}</td>
            <td>{row.interpretation}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
