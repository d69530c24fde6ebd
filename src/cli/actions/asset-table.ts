import { excerpt } from '../../diagnostics/excerpt.js';
import type { Asset } from '../../marketing/types.js';

const TITLE_CHARS = 48;

/** Assets as an aligned table: id, type, archived, folder, modified, title (quoted text escaped and bounded). */
export function renderAssetTable(assets: readonly Asset[]): string[] {
  if (assets.length === 0) return [];
  const text = (value: unknown, max = 40): string => (typeof value === 'string' || typeof value === 'number' ? excerpt(String(value), max) : '-');
  const rows = [
    ['ID', 'TYPE', 'ARCHIVED', 'FOLDER', 'MODIFIED', 'TITLE'],
    ...assets.map((a) => [text(a.id), text(a.type), a.is_archived === true ? 'yes' : 'no', text(a.folder_id), text(a.modified_at), text(a.title, TITLE_CHARS)]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  '));
}
