import { excerpt } from '../diagnostics/excerpt.js';
import { ownValue, setOwn } from '../model/own.js';
import type { ItemServiceField } from '../model/types.js';
import { DATA_CODES } from '../data/codes.js';
import { DEFAULT_MAX_LINE_BYTES } from '../data/read/line-splitter.js';
import { checkRecord } from '../data/validate/check-record.js';
import { CleanLines } from '../data/validate/clean-lines.js';
import { jsonBytes } from '../data/validate/json-bytes.js';
import type { ItemValidators } from '../data/validate/item-validators.js';
import type { WireNames } from '../data/wire-names.js';
import type { KeepRules, PropertyRule } from './keep-rules.js';
import { AccessRules, type SeenByPublic } from './access.js';
import { isPublicItem } from './item-access.js';
import { transformValues, type ValueEvents } from './transform-values.js';
import { type AccessCounts, type ConversionIssue, type KeepAccount, type KeepRow, type LostExample, type LostReason, type ServedItem } from './types.js';

const EXAMPLES = 5;
const MIB = 1024 * 1024;

export interface KeepPassOptions {
  sourceId: string;
  rules: KeepRules;
  /** false: `keep: false`; every item not in data files is lost. */
  enabled: boolean;
  /** The item fields GraphQL serves back for the source's types. */
  readable: readonly ItemServiceField[];
  defaults: Partial<Record<ItemServiceField, string>>;
  /** `language\nid` of every item of the source's data: files: those win, so they are not carried over. */
  dataKeys: ReadonlySet<string>;
  /** The items the single key sees, when GraphQL does not serve `_rbac` back and the single key was read. */
  seenByPublic?: SeenByPublic;
  validators: ItemValidators;
  wireNames: WireNames;
}

/** One item ready to push again: its routing and its data line in wire form. */
export interface KeptItem {
  id: string;
  language: string;
  type: string;
  line: string;
}

/**
 * The keep step's decision for every item read back, one at a time (nothing is held but
 * counts and a few examples): carried over (renamed, converted, validated as `data push`
 * validates, in wire form), back from data files, or lost and why. `account()` says what
 * it came to, for the plan and for apply's gate.
 */
export class KeepPass {
  private readonly rows = new Map<string, KeepRow>();
  private readonly conversions = new Map<string, ConversionIssue>();
  private readonly dropped = new Map<string, { property: string; why: 'removed' | 'drop-value'; items: number }>();
  private readonly movedCounts = new Map<string, { from: string; to: string; items: number }>();
  private readonly lostExamples: LostExample[] = [];
  private readonly access: AccessRules;
  private readonly clean: CleanLines;
  private blocked = false;

  constructor(private readonly options: KeepPassOptions) {
    this.clean = new CleanLines(options.rules.after.definition, options.validators);
    this.access = new AccessRules(options.readable, options.defaults, options.seenByPublic);
  }

  /** The item in wire form when it is carried over; undefined when it is not (tallied either way). `onLost` hears each lost one. */
  accept(item: ServedItem, onLost?: (item: ServedItem, reason: LostReason, detail: string) => void): KeptItem | undefined {
    const row = this.row(item.type, item.language);
    row.deleted++;
    const lose = (reason: LostReason, detail: string): undefined => {
      row.lost++;
      setOwn(row.lostBy, reason, (ownValue(row.lostBy, reason) ?? 0) + 1);
      if (this.lostExamples.length < EXAMPLES) this.lostExamples.push({ id: item.id, language: item.language, type: item.type, reason, detail });
      onLost?.(item, reason, detail);
      return undefined;
    };
    if (this.options.dataKeys.has(`${item.language}\n${item.id}`)) {
      row.fromData++;
      return undefined;
    }
    const { rules } = this.options;
    if (!this.options.enabled) return lose('keep-off', 'keep: false');
    const type = rules.type(item.type);
    if (type.name === undefined) return lose('type-removed', `content type ${item.type} is not declared any more`);
    if (!rules.languages.has(item.language)) return lose('language-removed', `language ${item.language} is not declared any more`);
    const access = this.access.decide(item);
    if (!access.ok) return lose(access.reason, access.detail);

    const itemEvents = new Set<string>();
    const values = transformValues(item.values, type.properties, rules, this.events(item, itemEvents));
    for (const key of itemEvents) this.countOnce(key);
    if (!values.ok) {
      if (values.why === 'blocked') this.blocked = true;
      return lose('cannot-convert', values.detail);
    }
    if (type.moved) this.countMove(`${item.type}\n${type.name}`, item.type, type.name);

    const plain: Record<string, unknown> = { ContentType: contentTypeOf(item.contentType, type.contentType, rules), Language: { Name: item.language } };
    for (const [field, value] of Object.entries(access.fields)) setOwn(plain, field, value);
    const roles = this.options.readable.includes('RolesWithReadAccess') ? item.service.RolesWithReadAccess : this.options.defaults.RolesWithReadAccess;
    if (roles !== undefined) plain.RolesWithReadAccess = roles;
    for (const [key, value] of Object.entries(values.values)) setOwn(plain, key, value);
    const wire = this.options.wireNames.toWire(plain, type.name);
    const line = JSON.stringify(wire);
    // The quick check of data push first: most lines pass it without a value built; any other is checked the full way.
    const bytes = Buffer.from(line, 'utf8');
    // The push reads no line longer than this: in the snapshot it would refuse the whole push, after the PUT.
    if (bytes.length > DEFAULT_MAX_LINE_BYTES)
      return lose(
        'invalid',
        `its data line is ${bytes.length} bytes, more than the ${DEFAULT_MAX_LINE_BYTES / MIB} MiB a data line may hold (${DATA_CODES.lineTooLong})`,
      );
    if (this.clean.accepts(jsonBytes(bytes), 0, bytes.length, item.language) === 'wire') {
      row.kept++;
      row.access[access.kind]++;
      return { id: item.id, language: item.language, type: type.name, line };
    }
    const problems = checkRecord(
      { file: 'the items read back', line: 0, action: { kind: 'index', id: item.id, language: item.language }, item: wire },
      { sourceId: this.options.sourceId, definition: rules.after.definition, validators: this.options.validators },
    ).filter((d) => d.severity === 'error');
    const problem = problems[0];
    // A validation message may quote the value: only a public item's is shown.
    if (problem !== undefined)
      return lose(
        'invalid',
        `${problem.path === '' ? '' : `${problem.path}: `}${isPublicItem(item.service) ? problem.message : `fails validation (${problem.code})`}`,
      );
    row.kept++;
    row.access[access.kind]++;
    return { id: item.id, language: item.language, type: type.name, line };
  }

  /** Items the admin read does not show because they are deleted (counted with cg-include-deleted). */
  addDeleted(type: string, language: string, count: number): void {
    if (count <= 0) return;
    const row = this.row(type, language);
    row.deleted += count;
    row.lost += count;
    setOwn(row.lostBy, 'deleted', (ownValue(row.lostBy, 'deleted') ?? 0) + count);
  }

  account(): KeepAccount {
    const rows = [...this.rows.values()].sort((a, b) => (a.type === b.type ? (a.language < b.language ? -1 : 1) : a.type < b.type ? -1 : 1));
    const lostBy: Partial<Record<LostReason, number>> = {};
    let deleted = 0;
    let fromData = 0;
    let kept = 0;
    let lost = 0;
    const access: AccessCounts = { public: 0, hidden: 0, fromDefault: 0 };
    for (const row of rows) {
      for (const kind of ['public', 'hidden', 'fromDefault'] as const) access[kind] += row.access[kind];
      deleted += row.deleted;
      fromData += row.fromData;
      kept += row.kept;
      lost += row.lost;
      for (const [reason, count] of Object.entries(row.lostBy) as Array<[LostReason, number]>) setOwn(lostBy, reason, (ownValue(lostBy, reason) ?? 0) + count);
    }
    return {
      known: true,
      enabled: this.options.enabled,
      rows,
      deleted,
      fromData,
      kept,
      lost,
      lostBy,
      conversions: [...this.conversions.values()],
      dropped: [...this.dropped.values()],
      moved: [...this.movedCounts.values()],
      unreadable: (['Status', '_rbac', 'RolesWithReadAccess'] as const).filter((field) => !this.options.readable.includes(field)),
      defaults: { ...this.options.defaults },
      removedLanguages: [...this.options.rules.removedLanguages],
      lostExamples: [...this.lostExamples],
      blocked: this.blocked,
      access: { source: this.access.source, ...access },
    };
  }

  private row(type: string, language: string): KeepRow {
    const key = `${type}\n${language}`;
    let row = this.rows.get(key);
    if (row === undefined) {
      const to = this.options.rules.type(type).name ?? null;
      row = { type, to, language, deleted: 0, fromData: 0, kept: 0, lost: 0, lostBy: {}, access: { public: 0, hidden: 0, fromDefault: 0 } };
      this.rows.set(key, row);
    }
    return row;
  }

  /** Per item, each dropped property or moved property counts once, however often it occurs in nested lists. */
  private events(item: ServedItem, seen: Set<string>): ValueEvents {
    return {
      dropped: (rule: PropertyRule, why) => {
        const key = `d\n${rule.oldLabel}\n${why}`;
        if (!this.dropped.has(key)) this.dropped.set(key, { property: rule.oldLabel, why, items: 0 });
        seen.add(key);
      },
      moved: (rule: PropertyRule) => {
        const key = `m\n${rule.oldLabel}\n${rule.label}`;
        if (!this.movedCounts.has(key)) this.movedCounts.set(key, { from: rule.oldLabel, to: rule.label, items: 0 });
        seen.add(key);
      },
      failed: (rule: PropertyRule, value: unknown) => {
        const key = rule.label;
        let issue = this.conversions.get(key);
        if (issue === undefined) {
          const onError = rule.onError ?? 'undeclared';
          issue = { property: rule.label, from: rule.from, to: rule.to, onError, items: 0, examples: [] };
          this.conversions.set(key, issue);
        }
        issue.items++;
        if (issue.examples.length < EXAMPLES)
          issue.examples.push({ id: item.id, language: item.language, ...(isPublicItem(item.service) ? { value: excerpt(JSON.stringify(value), 60) } : {}) });
      },
    };
  }

  private countOnce(key: string): void {
    const entry = key.startsWith('d\n') ? this.dropped.get(key) : this.movedCounts.get(key);
    if (entry !== undefined) entry.items++;
  }

  private countMove(key: string, from: string, to: string): void {
    let entry = this.movedCounts.get(key);
    if (entry === undefined) this.movedCounts.set(key, (entry = { from, to, items: 0 }));
    entry.items++;
  }
}

/**
 * The ContentType list after the change: entries naming types of the source before are
 * renamed or, when gone, dropped; other entries stay as they were; the new type's lineage
 * follows, bases first and the type itself last.
 */
function contentTypeOf(served: readonly string[] | null, lineage: readonly string[], rules: KeepRules): string[] {
  const out: string[] = [];
  for (const name of served ?? []) {
    if (ownValue(rules.before.contentTypes, name) !== undefined || lineage.includes(rules.moves.type(name))) continue;
    if (!out.includes(name)) out.push(name);
  }
  return [...out, ...lineage];
}
