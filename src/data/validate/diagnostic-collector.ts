import type { Diagnostic } from '../../diagnostics/diagnostic.js';

/**
 * Keeps the first `max` errors and the first `max` warnings (in reading order) and counts
 * the rest, so a file with a million bad lines reports fifty and "and N more".
 */
export class DiagnosticCollector {
  private readonly kept: { order: number; diagnostic: Diagnostic }[] = [];
  private readonly fileOrder = new Map<string, number>();
  errors = 0;
  warnings = 0;

  constructor(private readonly max: number) {}

  add(diagnostic: Diagnostic): void {
    if (!this.fileOrder.has(diagnostic.file)) this.fileOrder.set(diagnostic.file, this.fileOrder.size);
    const seen = diagnostic.severity === 'error' ? ++this.errors : ++this.warnings;
    if (seen <= this.max) this.kept.push({ order: this.fileOrder.get(diagnostic.file) ?? 0, diagnostic });
  }

  addAll(diagnostics: readonly Diagnostic[]): void {
    for (const diagnostic of diagnostics) this.add(diagnostic);
  }

  /** Counts diagnostics that came after `max` others of their severity, so could never be kept. */
  omit(errors: number, warnings: number): void {
    this.errors += errors;
    this.warnings += warnings;
  }

  /** The kept diagnostics in the order they were added: reading order. */
  keptInReadingOrder(): Diagnostic[] {
    return this.kept.map((k) => k.diagnostic);
  }

  /** Moves kept diagnostics to other positions in their files (their fields, found after the pass). */
  moveTo(positions: ReadonlyMap<Diagnostic, { line: number; column: number }>): void {
    if (positions.size === 0) return;
    for (const k of this.kept) {
      const at = positions.get(k.diagnostic);
      if (at !== undefined) k.diagnostic = { ...k.diagnostic, line: at.line, column: at.column };
    }
  }

  /** Kept diagnostics by file (in the order files were read), then line, column and code. */
  diagnostics(): Diagnostic[] {
    return [...this.kept]
      .sort(
        (a, b) =>
          a.order - b.order ||
          a.diagnostic.line - b.diagnostic.line ||
          a.diagnostic.column - b.diagnostic.column ||
          a.diagnostic.code.localeCompare(b.diagnostic.code),
      )
      .map((k) => k.diagnostic);
  }

  get omittedErrors(): number {
    return Math.max(0, this.errors - this.max);
  }

  get omittedWarnings(): number {
    return Math.max(0, this.warnings - this.max);
  }
}
