/**
 * The part of GitHub's expression language the workflow's `if:`s use: context lookups,
 * 'strings', ==, !=, &&, || and the status functions. Anything else throws, so a template
 * change the runner does not understand is noticed rather than guessed.
 */
export interface ExpressionContext {
  values: Record<string, string>;
  /** True once a step of the job failed. */
  failed: boolean;
}

export function evaluate(expression: string, context: ExpressionContext): boolean {
  const text = expression.trim().replace(/^\$\{\{\s*([\s\S]*?)\s*\}\}$/, '$1');
  if (text.includes('||')) return text.split('||').some((part) => evaluate(part, context));
  if (text.includes('&&')) return text.split('&&').every((part) => evaluate(part, context));
  const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(text);
  if (comparison !== null) {
    const [, left = '', operator, right = ''] = comparison;
    const equal = value(left, context) === value(right, context);
    return operator === '==' ? equal : !equal;
  }
  switch (text) {
    case 'always()':
      return true;
    case '!cancelled()':
      return true;
    case 'success()':
      return !context.failed;
    case 'failure()':
      return context.failed;
    default:
      throw new Error(`the test runner cannot evaluate \`${text}\``);
  }
}

function value(operand: string, context: ExpressionContext): string {
  const trimmed = operand.trim();
  const literal = /^'(.*)'$/.exec(trimmed);
  if (literal !== null) return literal[1] ?? '';
  if (!/^[\w.-]+$/.test(trimmed)) throw new Error(`the test runner cannot evaluate \`${trimmed}\``);
  // An unset output or context value is '' on GitHub too.
  return context.values[trimmed] ?? '';
}
