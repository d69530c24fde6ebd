/**
 * The service's rule for a custom content source's id: 1 to 4 characters, each a lowercase
 * letter a-z or a digit 0-9. `default`, the CMS's own source, is not one (it is longer).
 * Kept in the emulator apart from the client's own check, so the two test each other.
 */
export const SOURCE_ID_MAX_LENGTH = 4;

export function isCustomSourceId(id: string): boolean {
  if (id.length === 0 || id.length > SOURCE_ID_MAX_LENGTH) return false;
  for (const char of id) {
    const lowercase = char >= 'a' && char <= 'z';
    const digit = char >= '0' && char <= '9';
    if (!lowercase && !digit) return false;
  }
  return true;
}
