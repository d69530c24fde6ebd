import { ancestorsOf } from '../data/validate/item-schema.js';
import { ownValue } from '../model/own.js';
import type { ConversionOnError, SourceDeclaration, SourceDefinition } from '../model/types.js';
import { conversionKind, typeShape, type ConversionKind } from './convert-value.js';
import { effectiveProperties, propertyTypeProperties, type EffectiveProperty } from './effective-properties.js';
import { ResolvedMoves } from './moves.js';

/** How one property's values are carried from the definition before the change to the one after. */
export interface PropertyRule {
  /** The property's name before (what GraphQL serves now). */
  old: string;
  /** `Owner.Property` before, for messages about dropped values. */
  oldLabel: string;
  /** Its name after; undefined when the property is removed. */
  name: string | undefined;
  /** `Owner.Property` after, as `convert` names it. */
  label: string;
  from: string;
  to: string;
  /** `nested`: a property type (or a list of one) whose fields follow their own rules. */
  kind: ConversionKind | 'nested';
  /** For nested: the property type's name before the change. */
  nested?: string;
  /** For nested: a single value becomes a one-element list. */
  wrap?: boolean;
  /** The declared `convert` handling, if any. */
  onError: ConversionOnError | undefined;
  /** Whether the rename comes from a `moved` entry. */
  moved: boolean;
}

/** How the items of one content type (its name before) become items after the change. */
export interface TypeRule {
  old: string;
  /** The concrete type after; undefined when it is removed or no longer concrete. */
  name: string | undefined;
  /** The ContentType list items of the new type carry: its bases first, itself last. */
  contentType: string[];
  properties: PropertyRule[];
  moved: boolean;
}

/**
 * Every rule the keep step follows for one source, worked out once from the definition the
 * service holds (`before`) and the declaration (`after`, with its moves and conversions).
 */
export class KeepRules {
  readonly moves: ResolvedMoves;
  readonly languages: ReadonlySet<string>;
  readonly removedLanguages: string[];
  private readonly types = new Map<string, TypeRule>();
  private readonly nested = new Map<string, PropertyRule[]>();

  constructor(
    readonly before: SourceDefinition,
    readonly after: SourceDeclaration,
  ) {
    this.moves = new ResolvedMoves(after.moved ?? []);
    this.languages = new Set(after.definition.languages);
    this.removedLanguages = before.languages.filter((language) => !this.languages.has(language));
  }

  type(old: string): TypeRule {
    let rule = this.types.get(old);
    if (rule === undefined) {
      rule = this.typeRule(old);
      this.types.set(old, rule);
    }
    return rule;
  }

  /** The rules for the fields of a value of property type `old` (its name before). */
  propertyTypeFields(old: string): PropertyRule[] {
    let rules = this.nested.get(old);
    if (rules === undefined) {
      const after = this.moves.type(old);
      rules = this.propertyRules(propertyTypeProperties(this.before, old), propertyTypeProperties(this.after.definition, after), old);
      this.nested.set(old, rules);
    }
    return rules;
  }

  private typeRule(old: string): TypeRule {
    const renamed = this.moves.type(old);
    const spec = ownValue(this.after.definition.contentTypes, renamed);
    const name = spec === undefined || spec.abstract === true ? undefined : renamed;
    const properties =
      name === undefined ? [] : this.propertyRules(effectiveProperties(this.before, old), effectiveProperties(this.after.definition, name), old);
    const contentType = name === undefined ? [] : [...ancestorsOf(this.after.definition, name).reverse(), name];
    return { old, name, contentType, properties, moved: this.moves.movesType(old) };
  }

  private propertyRules(before: Map<string, EffectiveProperty>, after: Map<string, EffectiveProperty>, concrete: string): PropertyRule[] {
    const rules: PropertyRule[] = [];
    for (const [old, spec] of before) {
      const moved = this.moves.movesProperty(spec.owner, old) || this.moves.movesProperty(concrete, old);
      const name = this.moves.movesProperty(spec.owner, old) ? this.moves.property(spec.owner, old) : this.moves.property(concrete, old);
      const target = after.get(name);
      const label = `${target?.owner ?? this.moves.type(spec.owner)}.${name}`;
      const onError = ownValue(this.after.convert ?? {}, label)?.onError;
      const base = { old, oldLabel: `${spec.owner}.${old}`, label, from: spec.type, onError, moved };
      if (target === undefined) {
        rules.push({ ...base, name: undefined, to: '', kind: 'never' });
        continue;
      }
      rules.push({ ...base, name, to: target.type, ...this.kind(spec.type, target.type) });
    }
    return rules;
  }

  /** How a value of type `from` (before) becomes one of `to` (after). */
  private kind(from: string, to: string): Pick<PropertyRule, 'kind' | 'nested' | 'wrap'> {
    const a = typeShape(from);
    const b = typeShape(to);
    const wasPropertyType = ownValue(this.before.propertyTypes ?? {}, a.element) !== undefined;
    if (!wasPropertyType) return { kind: conversionKind(from, to) };
    if (this.moves.type(a.element) !== b.element || ownValue(this.after.definition.propertyTypes ?? {}, b.element) === undefined) return { kind: 'never' };
    if (a.list && !b.list) return { kind: 'never' };
    return { kind: 'nested', nested: a.element, wrap: !a.list && b.list };
  }
}
