/**
 * A real Office Open XML workbook (.xlsx) from the same rows as the .xls, written with exceljs
 * (pure JavaScript, well kept; see docs/architecture.md "Dependencies"). Numbers stay numbers
 * and dates are date cells (dd/mm/yyyy); strings are always stored as strings, never formulas.
 */
import type { SheetRow } from './export-layout.ts';

const SHEET_NAME_FORBIDDEN = /[\\/?*[\]:]/g;

export async function renderXlsx(title: string, rows: readonly SheetRow[]): Promise<Buffer> {
  // exceljs (about 160 files) is loaded with the first workbook, not at every server start
  // (docs/architecture.md#start-up).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Docket';
  const sheet = workbook.addWorksheet(title.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 31) || 'Export');
  rows.forEach((row, rowIndex) => {
    let columnIndex = 1;
    for (const cell of row) {
      const target = sheet.getCell(rowIndex + 1, columnIndex);
      target.value = cell.value ?? cell.text;
      if (cell.format) target.numFmt = cell.format === 'date' ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm';
      if (cell.header) target.font = { bold: true };
      const span = cell.span ?? 1;
      if (span > 1) sheet.mergeCells(rowIndex + 1, columnIndex, rowIndex + 1, columnIndex + span - 1);
      columnIndex += span;
    }
  });
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
