import { CSV_BOM, csvHeader, csvRow, EXPORT_COLUMNS, type ExportRow } from '@ceppro/contract';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/*
 * File writers of the measurement exports: CSV (UTF-8 with BOM, RFC 4180 quoting, CRLF) and XLSX
 * (exceljs; its streaming WorkbookWriter for batches). Both take rows page by page from an async
 * source, so a batch never holds more than one page of charts in memory.
 */

const SHEET = 'Measurements';

/** A whole small export (one chart) as CSV bytes. */
export function csvBuffer(rows: readonly ExportRow[]): Buffer {
  return Buffer.from(CSV_BOM + csvHeader() + rows.map(csvRow).join(''), 'utf8');
}

/** A whole small export (one chart) as an XLSX workbook. */
export async function xlsxBuffer(rows: readonly ExportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.addRow([...EXPORT_COLUMNS]);
  for (const row of rows) sheet.addRow(EXPORT_COLUMNS.map((c) => row[c]));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A CSV stream pulled page by page: the next page is read only when the client has taken the
 * previous one (Readable.from pulls the generator on demand), and the loop yields to other
 * requests between pages.
 */
export function csvStream(pages: AsyncIterable<readonly ExportRow[]>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvHeader();
    for await (const rows of pages) {
      yield rows.map(csvRow).join('');
      await yieldToLoop();
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/**
 * An XLSX stream written by exceljs' streaming writer: each row is committed (serialised and let
 * go) as soon as it is added; after each page the writer waits while the client is behind, then
 * yields. A failure or a client that went away ends the stream.
 */
export function xlsxStream(pages: AsyncIterable<readonly ExportRow[]>): Readable {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const run = async () => {
    const sheet = workbook.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow([...EXPORT_COLUMNS]).commit();
    for await (const rows of pages) {
      if (out.destroyed) return;
      for (const row of rows) sheet.addRow(EXPORT_COLUMNS.map((c) => row[c])).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      await yieldToLoop();
    }
    sheet.commit();
    await workbook.commit();
  };
  run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
