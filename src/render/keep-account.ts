import { namedItem } from '../keep/item-access.js';
import { LOST_REASON_TEXT, REQUIRED_ITEM_FIELDS, type KeepAccount, type KeepRow, type LostReason } from '../keep/types.js';
import type { PlanMove } from '../plan/moved-changes.js';
import { accessCell, accessNote } from './keep-access.js';
import type { ItemServiceField } from '../model/types.js';
import { unservedCount } from '../keep/unserved-values.js';

/** The account of a known keep step. */
export type KnownKeep = Extract<KeepAccount, { known: true }>;

/** What `keep.defaults` would take for each, as an example a reviewer can copy. */
const DEFAULT_EXAMPLES: Readonly<Record<ItemServiceField, { value: string; when: string }>> = {
  Status: { value: 'Published', when: 'is published' },
  _rbac: { value: 'r:Everyone:Read', when: 'may be public' },
  RolesWithReadAccess: { value: 'Everyone', when: 'may be public' },
};
/** A plan names this many conversion examples per property. */
const SHOWN_EXAMPLES = 3;

/** "44 items" / "1 item". */
export function items(n: number): string {
  return `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;
}

export function num(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * What a source's keep account comes to, in one phrase: "loses 3 of 1,005 items (keeps 1,002)",
 * "keeps every item: 1,005 emptied and refilled", or, unread, "loses every item not in data files
 * (items could not be read back: why)".
 */
export function keepOutcome(keep: KeepAccount): string {
  if (!keep.known) return `loses every item not in data files (items could not be read back: ${keep.reason})`;
  if (unservedCount(keep) > 0) return `loses the values of ${unservedList(keep)}${keep.lost === 0 ? '' : ` and ${num(keep.lost)} of ${items(keep.deleted)}`}`;
  if (keep.rename === true && keep.lost === 0) return `keeps every item: ${num(keep.deleted)} pushed again under the new field names`;
  if (keep.lost === 0 && keep.access.fromDefault > 0)
    return `keeps every item, but gives ${items(keep.access.fromDefault)} the _rbac of keep.defaults whatever access they had`;
  if (keep.lost === 0) return `keeps every item: ${num(keep.deleted)} emptied and refilled`;
  if (keep.lost >= keep.deleted) return `loses all ${items(keep.deleted)}`;
  return `loses ${num(keep.lost)} of ${items(keep.deleted)} (keeps ${num(keep.deleted - keep.lost)})`;
}

/** "its language is removed (2); keep is turned off for the source (1)": each count in brackets, so a table cell's last number is not read as a column. */
export function lostReasons(lostBy: Partial<Record<LostReason, number>>): string {
  return (Object.entries(lostBy) as Array<[LostReason, number]>)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${Object.hasOwn(LOST_REASON_TEXT, reason) ? LOST_REASON_TEXT[reason] : reason} (${num(n)})`)
    .join('; ');
}

export type KeepTone = 'info' | 'warn' | 'loss';

/** A line of a keep block: a symbol as the plan's changes have (`~` moved, `-` dropped or lost, `!` a problem, `#` a note). */
export interface KeepNote {
  symbol: '~' | '-' | '!' | '#';
  tone: KeepTone;
  text: string;
  /** Lines under it (examples). */
  more?: string[];
}

export interface KeepView {
  headline: string;
  tone: KeepTone;
  /** One row per content type and language; none for an account that could not be read. */
  table?: { header: string[]; rows: string[][] };
  notes: KeepNote[];
}

export const KEEP_TABLE_HEADER = ['Content type', 'Language', 'Deleted', 'From data files', 'Kept', 'Access', 'Lost', 'Why lost'];
/** Which columns hold numbers (right-aligned). */
export const KEEP_NUMERIC_COLUMNS: readonly boolean[] = [false, false, true, true, true, false, true, false];

/** The keep block of a source, in words shared by the text and markdown renderers. */
export function keepView(keep: KeepAccount, sourceId: string, shown: readonly PlanMove[] = []): KeepView {
  if (!keep.known) {
    return { headline: `items could not be read back (${keep.reason}): every item not in data files counts as lost`, tone: 'loss', notes: [] };
  }
  const headline = unservedCount(keep) > 0 ? valuesHeadline(keep) : keep.rename === true ? renameHeadline(keep) : wipeHeadline(keep);
  const notes: KeepNote[] = [];
  if (keep.blocked)
    notes.push({
      symbol: '!',
      tone: 'loss',
      text: 'a conversion fails where nothing may be sent: this plan cannot be applied until the conversion below is declared or the values are fixed',
    });
  // Renames the plan's change list already shows as one line each are not repeated here.
  for (const move of keep.moved)
    if (!shown.some((m) => m.from === move.from && m.to === move.to)) notes.push({ symbol: '~', tone: 'info', text: moveText(move.from, move.to, move.items) });
  notes.push(...unservedNotes(keep));
  for (const drop of keep.dropped) {
    notes.push({
      symbol: '-',
      tone: 'warn',
      text: `${drop.property}: values dropped from ${items(drop.items)} (${drop.why === 'removed' ? 'property removed' : 'drop-value'})`,
    });
  }
  for (const conversion of keep.conversions) {
    const handling = conversion.onError === 'undeclared' ? 'no convert: declared' : `onError ${conversion.onError}`;
    const tone: KeepTone = conversion.onError === 'drop-value' ? 'warn' : 'loss';
    const examples = conversion.examples.slice(0, SHOWN_EXAMPLES).map(namedItem);
    notes.push({
      symbol: '!',
      tone,
      text:
        `${conversion.property}: ${conversion.from} → ${conversion.to} (${handling}): ` +
        `${items(conversion.items)} ${conversion.items === 1 ? 'does' : 'do'} not convert`,
      ...(examples.length === 0 ? {} : { more: examples }),
    });
  }
  notes.push(...unreadableNotes(keep));
  const access = accessNote(keep);
  // Access lost comes first of all: a public site would lose its content, or hidden items become public.
  if (access !== undefined)
    notes[access.loss ? 'unshift' : 'push']({ symbol: access.loss ? '!' : '#', tone: access.loss ? 'loss' : 'info', text: access.text });
  if (keep.enabled && keep.rename !== true) {
    const deleted = keep.lostBy.deleted ?? 0;
    notes.push({
      symbol: '#',
      tone: deleted > 0 ? 'loss' : 'info',
      text:
        'deleted and expired items are not carried over (the full update removes them for good): ' +
        `${deleted === 0 ? 'none is deleted now' : `${items(deleted)} deleted, counted as lost`}; expired ones GraphQL does not show at all`,
    });
  }
  for (const language of keep.removedLanguages) {
    const n = keep.rows.filter((r) => r.language === language).reduce((sum, r) => sum + (r.lostBy['language-removed'] ?? 0), 0);
    notes.push({
      symbol: '-',
      tone: 'loss',
      text:
        `language ${language} is removed: its ${items(n)} ${n === 1 ? 'is' : 'are'} lost; ` +
        `\`graphform data purge ${sourceId} --language ${language}\` empties a language without a schema change`,
    });
  }
  if (keep.lostExamples.length > 0) {
    notes.push({
      symbol: '#',
      tone: 'loss',
      text: `first items lost (of ${num(keep.lost)}):`,
      more: keep.lostExamples.slice(0, SHOWN_EXAMPLES).map((x) => `${x.id} (${x.language}, ${x.type}): ${x.detail}`),
    });
  }
  const header = keep.rename === true ? KEEP_TABLE_HEADER.map((h) => (h === 'Deleted' ? 'Renamed values' : h)) : KEEP_TABLE_HEADER;
  return { headline, tone: keep.lost === 0 && keep.access.fromDefault === 0 ? 'info' : 'loss', table: { header, rows: keep.rows.map(tableRow) }, notes };
}

/** Values the read cannot see lead: the items may all come back, but not whole. */
function valuesHeadline(keep: KnownKeep): string {
  const update = keep.rename === true ? 'with a value under a renamed field' : 'deleted by the full update';
  const lost = keep.lost === 0 ? '' : `, ${num(keep.lost)} lost`;
  return (
    `keep: loses the values of ${unservedList(keep)} that the service does not serve now; ` +
    `${items(keep.deleted)} ${update}, ${num(keep.fromData)} from data files, ${num(keep.kept)} carried over without them${lost}`
  );
}

/** "Product.Color (up to 30 items)". */
function unservedList(keep: KnownKeep): string {
  return (keep.unserved ?? [])
    .filter((u) => u.items > 0)
    .map((u) => `${u.property} (up to ${items(u.items)})`)
    .join(', ');
}

function unservedNotes(keep: KnownKeep): KeepNote[] {
  return (keep.unserved ?? []).map((u) => ({
    symbol: '-',
    tone: u.items > 0 ? 'loss' : 'info',
    text:
      u.items === 0
        ? `${u.property}: not served by the service (removed outside graphform); no item carried over has the property`
        : `${u.property}: not served by the service (removed outside graphform): the values of up to ${items(u.items)} cannot be read back and are lost; ` +
          'to keep them, first apply a declaration that only adds it back (a partial update), then this one',
  }));
}

function wipeHeadline(keep: KnownKeep): string {
  if (!keep.enabled)
    return `keep: false — the ${items(keep.deleted - keep.fromData)} not in data files ${keep.deleted - keep.fromData === 1 ? 'is' : 'are'} lost`;
  const sources = `${num(keep.fromData)} from data files, ${num(keep.kept)} carried over`;
  if (keep.lost === 0) return `keep: every item comes back: ${num(keep.deleted)} deleted by the full update, ${sources}`;
  return `keep: loses ${num(keep.lost)} of ${items(keep.deleted)} deleted by the full update (${sources})`;
}

/** A partial update that renames fields in data lines deletes nothing: what is not pushed again keeps its values under names GraphQL no longer serves. */
function renameHeadline(keep: KnownKeep): string {
  const rest = keep.deleted - keep.fromData;
  if (!keep.enabled)
    return (
      'keep: false — the partial update renames fields in data lines, ' +
      `and the ${items(rest)} not in data files that hold a value under one ${rest === 1 ? 'keeps it' : 'keep it'} under the old name, ` +
      'which GraphQL no longer serves: lost'
    );
  if (keep.lost === 0)
    return (
      'keep: every item with a value under a renamed field is pushed again under the new field names: ' +
      `${items(keep.deleted)}, ${num(keep.fromData)} from data files, ${num(keep.kept)} carried over`
    );
  return (
    `keep: ${num(keep.lost)} of the ${items(keep.deleted)} with a value under a renamed field keep it under the old name, ` +
    `which GraphQL no longer serves (${num(keep.fromData)} from data files, ${num(keep.kept)} carried over)`
  );
}

function tableRow(row: KeepRow): string[] {
  const type = row.to === null ? `${row.type} (removed)` : row.to === row.type ? row.type : `${row.type} → ${row.to}`;
  return [type, row.language, num(row.deleted), num(row.fromData), num(row.kept), accessCell(row.access), num(row.lost), lostReasons(row.lostBy)];
}

/** `~ ReleaseNote → Changelog (moved: 2 items carried over)`; a property: `(moved: 5 items hold a value)`. */
function moveText(from: string, to: string, n: number): string {
  const property = from.includes('.');
  return `${from} → ${to} (moved: ${items(n)} ${property ? (n === 1 ? 'holds a value' : 'hold a value') : 'carried over'})`;
}

function unreadableNotes(keep: KnownKeep): KeepNote[] {
  const notes: KeepNote[] = [];
  const missing: ItemServiceField[] = [];
  for (const field of keep.unreadable) {
    // With the single key, accessNote says how each item's _rbac is decided.
    if (field === '_rbac' && keep.access.source === 'single-key') continue;
    const value = keep.defaults[field];
    if (value !== undefined)
      notes.push({ symbol: '#', tone: 'info', text: `${field} not served by GraphQL: written as ${JSON.stringify(value)} (keep.defaults)` });
    else if (REQUIRED_ITEM_FIELDS.includes(field)) missing.push(field);
    else
      notes.push({
        symbol: '#',
        tone: 'warn',
        text: `${field} not served by GraphQL: the items carried over go without it (keep.defaults does not supply it)`,
      });
  }
  if (missing.length > 0) {
    // What loses items comes before what only informs.
    const defaults = missing.map((f) => `${f}: ${JSON.stringify(DEFAULT_EXAMPLES[f].value)}`).join(', ');
    const when = [...new Set(missing.map((f) => DEFAULT_EXAMPLES[f].when))].join(' and ');
    notes.unshift({
      symbol: '!',
      tone: 'loss',
      text:
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not served by GraphQL ` +
        `and keep.defaults does not supply ${missing.length === 1 ? 'it' : 'them'}: ` +
        `declare e.g. keep: {defaults: {${defaults}}} if every item ${when}`,
    });
  }
  return notes;
}
