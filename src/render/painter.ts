/** One colour, and the same colour in bold. */
export interface Tint {
  (text: string): string;
  readonly bold: (text: string) => string;
}

/**
 * The colours a renderer may use. A chalk instance is one (the command line passes it, at
 * the level the terminal supports); PLAIN leaves the text as it is, for a log or a script.
 */
export interface Painter {
  readonly bold: Tint;
  readonly cyan: Tint;
  readonly dim: Tint;
  readonly green: Tint;
  readonly magenta: Tint;
  readonly red: Tint;
  readonly yellow: Tint;
}

const same = (text: string): string => text;
const tint: Tint = Object.assign((text: string) => text, { bold: same });

/** No colour at all. */
export const PLAIN: Painter = { bold: tint, cyan: tint, dim: tint, green: tint, magenta: tint, red: tint, yellow: tint };
