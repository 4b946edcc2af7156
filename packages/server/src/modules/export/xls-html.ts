/**
 * The spreadsheet-compatible HTML `.xls` (docs/product/forms-and-lists.md#export): an HTML table Excel and LibreOffice open
 * as a worksheet. Every value is HTML-escaped and formatted as text (mso-number-format "\@"),
 * so a value starting with '=' stays text and never becomes a formula.
 */
import type { SheetRow } from './export-layout.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

export function renderXls(title: string, rows: readonly SheetRow[]): string {
  const sheet = escapeHtml(title.slice(0, 31));
  const body = rows
    .map((row) => {
      const cells = row.map((cell) => {
        const tag = cell.header ? 'th' : 'td';
        const span = cell.span && cell.span > 1 ? ` colspan="${cell.span}"` : '';
        return `<${tag}${span}>${escapeHtml(cell.text)}</${tag}>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta charset="utf-8"><title>${sheet}</title>
<!--[if gte mso 9]><xml><x:ExcelWorkbook><x:ExcelWorksheets><x:ExcelWorksheet><x:Name>${sheet}</x:Name><x:WorksheetOptions><x:DisplayGridlines/></x:WorksheetOptions></x:ExcelWorksheet></x:ExcelWorksheets></x:ExcelWorkbook></xml><![endif]-->
<style>td, th { mso-number-format: "\\@"; vertical-align: top; } th { font-weight: bold; background: #eeeeee; text-align: left; }</style>
</head>
<body><table border="1">
${body}
</table></body></html>
`;
}
