/**
 * Which template literals of a parsed JavaScript or TypeScript file hold GraphQL, by the rules of
 * @graphql-tools/graphql-tag-pluck with its defaults (the extractor graphql-codegen uses), so a
 * project's documents mean here what they mean to its codegen: a template tagged `gql` or
 * `graphql` or with a name imported or required as the tag of a known GraphQL client; a call
 * of such a name on a template (`as const` allowed); a template, or a statement of one,
 * right after a `/* GraphQL *\/` comment. The tests compare the pieces with tag-pluck's.
 */

/** A node of the ESTree oxc-parser returns: its offsets are UTF-16 indexes into the text. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export interface AstComment {
  value: string;
  start: number;
  end: number;
}

/** A piece found: its text, and the offset of its template's backtick (or of the statement a comment names). */
export interface PluckedPiece {
  body: string;
  offset: number;
}

const GLOBAL_TAGS = ['gql', 'graphql'];
const MAGIC_COMMENT = 'graphql';
/** Each client package whose import names a tag: its export, or `undefined` for the default export. */
const TAG_MODULES = new Map<string, string | undefined>([
  ['graphql-tag', undefined],
  ['graphql-tag.macro', undefined],
  ...['@apollo/client', '@apollo/client/core', 'apollo-angular', 'apollo-boost', 'graphql.macro'].map((name) => [name, 'gql'] as const),
  ...['apollo-server', 'apollo-server-express', 'apollo-server-koa', 'apollo-server-hapi', 'apollo-server-fastify'].map((name) => [name, 'gql'] as const),
  ...['apollo-server-micro', 'apollo-server-azure-functions', 'apollo-server-cloud-functions', 'apollo-server-cloudflare'].map(
    (name) => [name, 'gql'] as const,
  ),
  // tag-pluck's list spells this one with a leading space, so no import ever matches it.
  [' apollo-server-lambda', 'gql'],
  ...['@urql/core', 'urql', '@urql/preact', '@urql/svelte', '@urql/vue'].map((name) => [name, 'gql'] as const),
  ...['gatsby', 'react-relay', 'react-relay/hooks', 'relay-runtime', 'babel-plugin-relay/macro'].map((name) => [name, 'graphql'] as const),
]);

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The GraphQL pieces of `code`, in the order tag-pluck gives them (its babel traversal's). */
export function pluckGraphql(code: string, program: AstNode, comments: readonly AstComment[]): PluckedPiece[] {
  const tags = new Set(GLOBAL_TAGS);
  const pieces: PluckedPiece[] = [];
  const seen = new Set<string>();
  const add = (template: AstNode, at: AstNode): void => {
    const body = templateText(code, template);
    const key = `${at.start}/${at.end}/${body}`;
    if (body === '' || seen.has(key)) return;
    seen.add(key);
    pieces.push({ body, offset: at.start });
  };
  // A comment leads the outermost node that starts right after it: one inside a node starting at the same place does not count.
  const magic = (node: AstNode, parent: AstNode | undefined): boolean =>
    parent?.start !== node.start && lastCommentBefore(code, comments, node.start)?.value.trim().toLowerCase() === MAGIC_COMMENT;

  const enter = (node: AstNode, parent: AstNode | undefined): void => {
    if (node.type === 'ImportDeclaration') {
      const local = importedTag(node);
      if (local !== undefined) tags.add(local);
    } else if (node.type === 'CallExpression' && node.optional !== true) {
      const [first] = node.arguments as unknown[];
      const callee = identifierName(node.callee);
      if (callee === 'require' && isNode(first) && typeof first.value === 'string' && knownModule(first.value) !== undefined) {
        if (parent?.type === 'VariableDeclarator') {
          const id = identifierName(parent.id);
          if (id !== undefined) tags.add(id);
        }
        return;
      }
      const template = asConstInner(first);
      if (callee !== undefined && tags.has(callee) && template?.type === 'TemplateLiteral') add(template, template);
    }
  };
  const exit = (node: AstNode, parent: AstNode | undefined): void => {
    if (node.type === 'TaggedTemplateExpression') {
      const tag = identifierName(node.tag);
      if (tag !== undefined && tags.has(tag) && isNode(node.quasi)) add(node.quasi, node.quasi);
    } else if (node.type === 'TemplateLiteral') {
      if (magic(node, parent)) add(node, node);
    } else if (node.type === 'ExpressionStatement' && isNode(node.expression) && node.expression.type === 'TemplateLiteral') {
      if (magic(node, parent)) add(node.expression, node);
    }
  };
  walk(program, undefined, { enter, exit, matters: mattersIn(code) });
  return pieces;
}

interface Visitor {
  enter: Visit;
  exit: Visit;
  /** Whether the text from `start` to `end` can hold a node either visit acts on. */
  matters: (start: number, end: number) => boolean;
}

type Visit = (node: AstNode, parent: AstNode | undefined) => void;

/**
 * Visits every node that matters, entering before its children and leaving after them, in
 * source order as babel's traversal does. A node whose text cannot hold a piece or a tag's
 * name is skipped with all it holds: most of a component file is neither.
 */
function walk(node: AstNode, parent: AstNode | undefined, visitor: Visitor): void {
  if (!visitor.matters(node.start, node.end)) return;
  visitor.enter(node, parent);
  // oxc gives each node's fields in source order (decorators first too), as babel visits them.
  for (const key in node) {
    if (key === 'type') continue;
    const value = node[key];
    if (isNode(value)) walk(value, node, visitor);
    else if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, node, visitor);
  }
  visitor.exit(node, parent);
}

/**
 * Every piece is a template, so its text holds a backtick; a tag is named by an import or a
 * `require`, whose text holds that word. An identifier may spell `require` with escapes
 * (`\u0072equire`): a file with any escape is walked whole.
 */
function mattersIn(code: string): (start: number, end: number) => boolean {
  if (code.includes('\\u')) return () => true;
  const marks = Array.from(code.matchAll(/`|require|import/g), (match) => match.index);
  return (start, end) => {
    let low = 0;
    let high = marks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((marks[middle] as number) < start) low = middle + 1;
      else high = middle;
    }
    return low < marks.length && (marks[low] as number) < end;
  };
}

/** The template's text as tag-pluck takes it: between the backticks, `${...}` dropped, escaped backticks unescaped. */
function templateText(code: string, template: AstNode): string {
  const text = code
    .slice(template.start + 1, template.end - 1)
    .replace(/\$\{[^}]*\}/g, '')
    .split('\\`')
    .join('`')
    // tag-pluck's text helper also inlines its own `==>text<==` markers, on any text.
    .replace(/( *)==>((?:.|\n)*?)<==/g, (_match, indent: string, content: string) =>
      content
        .split('\n')
        .map((line) => `${indent}${line}`)
        .join('\n'),
    );
  return text.trim() === '' ? '' : text;
}

/** The last comment before `offset` with only white space between them. */
function lastCommentBefore(code: string, comments: readonly AstComment[], offset: number): AstComment | undefined {
  let low = 0;
  let high = comments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((comments[middle] as AstComment).end <= offset) low = middle + 1;
    else high = middle;
  }
  const comment = comments[low - 1];
  return comment !== undefined && /^\s*$/.test(code.slice(comment.end, offset)) ? comment : undefined;
}

function knownModule(name: string): { identifier: string | undefined } | undefined {
  const wanted = name.toLowerCase();
  for (const [module, identifier] of TAG_MODULES) if (module.toLowerCase() === wanted) return { identifier };
  return undefined;
}

/** The local name an import of a known client gives its tag. */
function importedTag(declaration: AstNode): string | undefined {
  const source = declaration.source;
  if (!isNode(source) || typeof source.value !== 'string') return undefined;
  const module = knownModule(source.value);
  if (module === undefined) return undefined;
  for (const specifier of declaration.specifiers as unknown[]) {
    if (!isNode(specifier)) continue;
    const matches =
      module.identifier === undefined
        ? specifier.type === 'ImportDefaultSpecifier'
        : specifier.type === 'ImportSpecifier' && identifierName(specifier.imported) === module.identifier;
    if (matches) return identifierName(specifier.local);
  }
  return undefined;
}

function identifierName(node: unknown): string | undefined {
  return isNode(node) && node.type === 'Identifier' && typeof node.name === 'string' ? node.name : undefined;
}

/** `x as const` is x. */
function asConstInner(node: unknown): AstNode | undefined {
  if (!isNode(node)) return undefined;
  if (node.type !== 'TSAsExpression' || !isNode(node.typeAnnotation)) return node;
  const type = node.typeAnnotation;
  return type.type === 'TSTypeReference' && identifierName(type.typeName) === 'const' && isNode(node.expression) ? node.expression : node;
}
