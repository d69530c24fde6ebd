import type { Document, Node, YAMLSeq } from 'yaml';
import { yamlPackage } from '../../load/yaml-package.js';

/** yaml's conversion context (its type is not exported by name): anchors met so far and the alias limit. */
type ToJSContext = NonNullable<Parameters<YAMLSeq['toJSON']>[1]>;

/**
 * Turns the items of one list, each parsed from its own text, into JavaScript values as
 * yaml turns the whole list: an alias may name an anchor of an earlier item, and the alias
 * limit counts across items. One conversion context serves every item, as Document.toJS
 * uses one for the whole document. yaml resolves an alias to the last node with its
 * anchor before it in the document, from a list of the document's anchored nodes and
 * aliases in order (or by walking `ctx.doc` for one), so an item that may hold an alias
 * is converted with the anchored nodes of the earlier items placed before its own in
 * both. Those nodes are kept to the end of the file: an honest file anchors a few values,
 * not every item.
 */
export class AliasScope {
  /** The anchored nodes of the items so far, in order; while an item converts, its own anchors and aliases after them. */
  private readonly anchored: Node[] = [];
  /** The same nodes as a list, for `ctx.doc`; while an item converts, the item after them. */
  private scope: YAMLSeq | undefined;
  private ctx: ToJSContext | undefined;

  constructor(private readonly maxAliasCount: number) {}

  /**
   * The value of `node`, the one item of `doc`, parsed from `text`. Throws yaml's
   * ReferenceError for an alias past the limit or without its anchor, as doc.toJS does.
   */
  value(doc: Document, node: Node, text: string): unknown {
    const { YAMLSeq } = yamlPackage();
    this.ctx ??= { anchors: new Map(), doc, keep: true, mapAsMap: false, mapKeyWarned: false, maxAliasCount: this.maxAliasCount };
    const ctx = this.ctx;
    const scope = (this.scope ??= new YAMLSeq());
    ctx.doc = doc;
    delete ctx.aliasResolveCache;
    const earlier = this.anchored.length;
    const aliases = text.includes('*');
    if (aliases) {
      // The lists grow for this item and shrink back after it, never copied: a file may anchor many values.
      this.anchored.push(...anchorsAndAliases(node));
      ctx.aliasResolveCache = this.anchored;
      scope.items.push(node);
      doc.contents = scope;
    }
    let value: unknown;
    try {
      // Converting through a list gives the item itself the anchor bookkeeping of a list item.
      const wrapper = new YAMLSeq();
      wrapper.items = [node];
      [value] = wrapper.toJSON(undefined, ctx);
    } finally {
      if (aliases) {
        this.anchored.length = earlier;
        scope.items.pop();
      }
    }
    if (text.includes('&')) {
      const { isAlias } = yamlPackage();
      for (const inner of anchorsAndAliases(node)) {
        if (isAlias(inner)) continue;
        this.anchored.push(inner);
        scope.items.push(inner);
      }
    }
    return value;
  }
}

/** The anchored nodes and aliases in `node`, in document order. */
function anchorsAndAliases(node: Node): Node[] {
  const { visit, isAlias, isCollection, isScalar } = yamlPackage();
  const found: Node[] = [];
  visit(node, {
    Node: (_key, inner) => {
      if (isAlias(inner) || ((isScalar(inner) || isCollection(inner)) && inner.anchor !== undefined && inner.anchor !== '')) found.push(inner);
    },
  });
  return found;
}
