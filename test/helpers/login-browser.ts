/**
 * Plays the user's browser for a login, without one: asks the authorization URL (the
 * emulator signs the demo user in at once and redirects), then follows the redirect to
 * graphform's loopback callback. Answers the code the server issued and the page graphform
 * showed; an authorization server that answers without a redirect gives no code.
 */
export async function visitAuthorizationUrl(url: string): Promise<{ code: string | undefined; page: string }> {
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (location === null) return { code: undefined, page: await answer.text() };
  const callback = new URL(location);
  return { code: callback.searchParams.get('code') ?? undefined, page: await (await fetch(callback)).text() };
}
