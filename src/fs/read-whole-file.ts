import { GraphformError } from '../diagnostics/errors.js';
import type { GraphformErrorCode } from '../diagnostics/error-codes.js';
import { refusalMessage } from './project-file.js';
import { formatLimit, readRegularFile } from './read-regular-file.js';

/** How the caller names a file it reads whole, and what the user can do when it cannot be read. */
export interface WholeFile {
  /** The file as messages name it, first word capitalised: "The plan file pf.json", "--cms-types types.yaml". */
  shown: string;
  /** More than the file can hold when it is what it claims to be; a larger one is not read. */
  maxBytes: number;
  /** The caller's code for a file it cannot read or that is too large; a file that is not a regular file is GF_NOT_A_FILE. */
  code: GraphformErrorCode;
  /** What to do about it. */
  hint: string;
}

/** A file graphform refused to read: not a regular file (a FIFO, a device, a folder, a link to nothing). */
export const NOT_A_FILE: GraphformErrorCode = 'GF_NOT_A_FILE';

/**
 * The bytes of a file graphform reads whole (a saved plan, --cms-types, the emulator's own
 * files, the token store), or undefined when there is none. Only a regular file is read,
 * at most `maxBytes` of it (see readRegularFile): a FIFO would block the read, and a
 * process whose thread pool waits on one cannot even exit on a signal, so it is refused
 * from its type before it is opened, and the open itself never waits.
 */
export async function readWholeFile(file: string, named: WholeFile): Promise<Buffer | undefined> {
  const read = await readRegularFile(file, named.maxBytes);
  if (read.ok) return read.bytes;
  if ('tooLarge' in read) {
    throw new GraphformError(named.code, `${named.shown} is larger than ${formatLimit(read.limit)}, more than it can hold; it was not read.`, {
      details: { file },
      hint: named.hint,
    });
  }
  const refusal = read.refusal;
  if (refusal.kind === 'missing') return undefined;
  const code = refusal.kind === 'unreadable' ? named.code : NOT_A_FILE;
  throw new GraphformError(code, `${refusalMessage(named.shown, refusal)}.`, { details: { file }, hint: named.hint });
}
