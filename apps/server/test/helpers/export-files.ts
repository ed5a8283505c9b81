import ExcelJS from 'exceljs';

/** RFC 4180 parse (quoted fields, doubled quotes, CRLF records): the exports' CSV read back in tests. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

/** The CSV's records keyed by its header row (the BOM already cut off). */
export function csvRecords(text: string): Array<Record<string, string>> {
  const [header = [], ...body] = parseCsv(text);
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** The XLSX export's Measurements sheet read back with exceljs: one record per row, keyed by the header row. */
export async function xlsxRecords(bytes: Buffer): Promise<Array<Record<string, unknown>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Measurements');
  if (!sheet) throw new Error('the workbook has no Measurements sheet');
  const out: Array<Record<string, unknown>> = [];
  let header: string[] = [];
  sheet.eachRow((row, n) => {
    const values = (row.values as unknown[]).slice(1);
    if (n === 1) header = values.map(String);
    else out.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return out;
}
