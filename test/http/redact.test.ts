import { describe, expect, it } from 'vitest';
import { describeHeaders, holdsSecret, redact, REDACTED, redactUrl, secretMatcher } from '../../src/http/redact.js';

const R = REDACTED;

describe('redact', () => {
  it.each([
    { text: 'secret is hunter2!', secrets: ['hunter2'], expected: `secret is ${R}!` },
    { text: 'a=abcdef b=abc', secrets: ['abc', 'abcdef'], expected: `a=${R} b=${R}` },
    { text: 'authorization: Basic dXNlcjpwYXNz', secrets: [], expected: `authorization: Basic ${R}` },
    { text: 'Authorization: epi-hmac key:1:n:sig==', secrets: [], expected: `Authorization: epi-hmac ${R}` },
    { text: 'header "Bearer eyJhbGciOi.x.y" sent', secrets: [], expected: `header "Bearer ${R}" sent` },
    { text: 'nothing here', secrets: [''], expected: 'nothing here' },
    { text: 'twice: s3 and s3', secrets: ['s3'], expected: `twice: ${R} and ${R}` },
  ])('$text', ({ text, secrets, expected }) => {
    expect(redact(text, secrets)).toBe(expected);
  });

  it.each([
    ['a short secret never matches inside a word', 'content-type: text/plain', ['x'], 'content-type: text/plain'],
    ['a short secret still goes where it stands alone', 'secret was x, sent as x.', ['x'], `secret was ${R}, sent as ${R}.`],
    ['a long secret goes wherever it occurs', 'prefixS3cretValue99suffix', ['S3cretValue99'], `prefix${R}suffix`],
    ['the longer of two overlapping secrets goes whole', 'k=abcdefgh12345678', ['abcdefgh', 'abcdefgh12345678'], `k=${R}`],
    ['a secret is found URL-encoded too', 'GET /state?p=p%2Fw%3D%3Dlong', ['p/w==long'], `GET /state?p=${R}`],
  ])('%s', (_name, text, secrets, expected) => {
    expect(redact(text, secrets)).toBe(expected);
  });

  it.each([
    ['userinfo of a URL', 'GET https://alice:pa55word@state.example.com/x failed', `GET https://${R}@state.example.com/x failed`],
    ['userinfo without a password', 'see http://token123@host/p', `see http://${R}@host/p`],
    ['a token in a query', 'Internal error for http://h/state?token=abc123&x=1', `Internal error for http://h/state?token=${R}&x=1`],
    ['OAuth parameters', '/cb?code=4/0Ad&state=xyz&access_token=ya29.a0&refresh_token=1//0g', `/cb?code=${R}&state=xyz&access_token=${R}&refresh_token=${R}`],
    ['signed URLs', '?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=ab12&sig=Zm9v%3D', `?X-Amz-Credential=${R}&X-Amz-Signature=${R}&sig=${R}`],
    [
      'keys and passwords by any spelling',
      'apiKey=1 api_key=2 client_secret=3 password=4 PASSWORD=5',
      `apiKey=${R} api_key=${R} client_secret=${R} password=${R} PASSWORD=${R}`,
    ],
    ['harmless parameters stay', 'PUT /api/content/v3/types?id=shop&languages=en&mode=types', 'PUT /api/content/v3/types?id=shop&languages=en&mode=types'],
    ['a value ends with its sentence', 'bad token=abc, try again', `bad token=${R}, try again`],
    ['JSON string pairs with secret names', '{"ID":"l1","password": "hunter22","apiKey":"k"}', `{"ID":"l1","password": "${R}","apiKey":"${R}"}`],
    ['JSON pairs with other names stay', '{"Who":"ci","Operation":"apply"}', '{"Who":"ci","Operation":"apply"}'],
    ['already redacted text stays as it is', `token=${R} https://${R}@h Basic ${R}`, `token=${R} https://${R}@h Basic ${R}`],
  ])('%s', (_name, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    ['epi-hmac', 'Authorization: epi-hmac 0a1b:1764237000000:9f3c:QUJD+/w==', `Authorization: epi-hmac ${R}`],
    ['Basic, a token of user:password', 'Basic YWxpY2U6czNjcmV0', `Basic ${R}`],
    ['Basic, a token that is no plain word', 'Basic Zm9vOmJhcg==', `Basic ${R}`],
    ['Bearer, an opaque token with digits', 'Bearer ya29a0AfB', `Bearer ${R}`],
    ['Bearer, a long token of letters', 'Bearer abcdefghijklmnopqrstuvwxyz', `Bearer ${R}`],
  ])('removes a credential after its scheme: %s', (_name, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'epi-hmac signatures carry a timestamp the service checks.',
    'The state server takes Basic auth or Bearer tokens.',
    'epi-hmac signatures: see the clock',
  ])('leaves prose that names a scheme as it is: %s', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('holdsSecret and secretMatcher', () => {
  it.each([
    ['the secret itself', 'S3cretValue99', true],
    ['a text around it', 'Bearer S3cretValue99 for hooks', true],
    ['its base64', Buffer.from('S3cretValue99').toString('base64'), true],
    ['its URL-encoded form', encodeURIComponent('S3cret/Value99'), false],
    ['a text without it', 'https://hooks.example.com/plain', false],
  ])('%s', (_name, text, expected) => {
    expect(holdsSecret(text, ['S3cretValue99'])).toBe(expected);
    expect(secretMatcher(['S3cretValue99'])(text)).toBe(expected);
  });

  it('matches a short secret only as a whole word, as redact removes it', () => {
    expect(holdsSecret('sent x here', ['x'])).toBe(true);
    expect(holdsSecret('text/plain', ['x'])).toBe(false);
  });
});

describe('redact on large answers', () => {
  it.each([
    ['one long word', 'a'.repeat(1 << 20)],
    ['a long dotted name', 'a.'.repeat(1 << 19)],
    ['many schemes without userinfo', 'a://'.repeat(1 << 18)],
    ['many open JSON strings', '"a": "b'.repeat(1 << 17)],
  ])('passes %s through unchanged', (_name, text) => {
    expect(redact(text, ['a-long-secret'])).toBe(text);
  });

  it('still finds a token at the end of a megabyte', () => {
    expect(redact(`${'x'.repeat(1 << 20)} token=abc`)).toBe(`${'x'.repeat(1 << 20)} token=${R}`);
  });
});

describe('redactUrl', () => {
  it.each([
    ['userinfo', 'https://user:pass@graph.example.com/base', `https://${R}@graph.example.com/base`],
    ['every query value, whatever its name', 'https://graph.example.com/?key=abc&region=eu', `https://graph.example.com/?key=${R}&region=${R}`],
    ['the fragment', 'https://h/#access_token=abc', `https://h/#${R}`],
    ['nothing to hide', 'https://graph.example.com/base', 'https://graph.example.com/base'],
    ['text that is not a URL, by the text rules', 'not a url with token=abc', `not a url with token=${R}`],
  ])('%s', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('describeHeaders', () => {
  it('keeps the scheme of credentials and nothing else', () => {
    const line = describeHeaders({ authorization: 'epi-hmac key:1:n:sig', 'content-type': 'text/plain', Cookie: 'a=b' });
    expect(line).toBe(`Cookie: ${R}, authorization: epi-hmac ${R}, content-type: text/plain`);
  });
});

describe('redact, with secrets in every encoding graphform derives', () => {
  it('removes a secret as written, URL-encoded, base64 padded and unpadded, base64url, and a Basic pair', () => {
    const secret = 'ab+c/d?e=f~gh1';
    const b64 = Buffer.from(secret).toString('base64');
    const pair = Buffer.from(`app:${secret}`).toString('base64');
    const forms = [
      secret,
      encodeURIComponent(secret),
      b64,
      b64.replace(/=+$/, ''),
      Buffer.from(secret).toString('base64url'),
      encodeURIComponent(b64),
      pair,
      pair.replace(/=+$/, ''),
    ];
    const out = redact(forms.map((form) => `<${form}>`).join(' '), [secret, `app:${secret}`]);
    for (const form of forms) expect(out).not.toContain(form);
    expect(out).toBe(forms.map(() => '<[redacted]>').join(' '));
  });
});
