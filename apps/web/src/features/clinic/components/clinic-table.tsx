import type { ReactNode } from 'react';

/** One column heading: its text, or (`label` only) an empty header cell that screen readers still name. */
export type ClinicColumn = { key: string; text: string } | { key: string; label: string };

interface Props {
  testId: string;
  columns: readonly ClinicColumn[];
  /** The body's rows. */
  children: ReactNode;
}

/** The clinic page's tables (members, pending invitations): headed columns in a box that scrolls sideways on a narrow screen. */
export function ClinicTable({ testId, columns, children }: Props) {
  return (
    <div className="clinic-table__scroll">
      <table className="clinic-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) =>
              'text' in column ? (
                <th key={column.key} scope="col">
                  {column.text}
                </th>
              ) : (
                <th key={column.key} scope="col" aria-label={column.label} />
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
