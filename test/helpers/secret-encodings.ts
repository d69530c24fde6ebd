/**
 * Each secret in every encoding a client derives from it, worked out here independently of
 * graphform's own list: as written, URL-encoded, base64 and base64url (padded or not) and
 * URL-encoded base64. `pairs` are Basic `user:secret` pairs, whose base64 is a header's token.
 */
export function secretEncodings(secrets: readonly string[], pairs: readonly string[] = []): string[] {
  return [...secrets, ...pairs].flatMap((value) => {
    const b64 = Buffer.from(value).toString('base64');
    const url = Buffer.from(value).toString('base64url');
    return [value, encodeURIComponent(value), b64, b64.replace(/=+$/, ''), url, `${url}${'='.repeat((4 - (url.length % 4)) % 4)}`, encodeURIComponent(b64)];
  });
}

/** The encodings of `secrets` (secretEncodings) that occur in `text`: empty when none leaked. */
export function leakedEncodings(text: string, secrets: readonly string[], pairs: readonly string[] = []): string[] {
  return [...new Set(secretEncodings(secrets, pairs))].filter((form) => text.includes(form));
}
