import { createHash, randomBytes } from 'node:crypto';
import { CODE_LIFETIME_MS, REFRESH_TOKEN_LIFETIME_MS } from './lifetimes.js';

/**
 * Authorization codes and tokens. Only SHA-256 hashes are kept (in memory and in the data
 * directory), so neither holds a usable token. A grant is what one code became: its access
 * and refresh tokens, and every pair rotated from them, share the grant's id, so a reused
 * code revokes them all (RFC 6749 4.1.2).
 */
export interface CodeRecord {
  clientId: string;
  redirectUri: string;
  expiresAt: number;
  /** Set once the code was exchanged: the grant its tokens belong to. */
  grantId?: string;
}

export type TokenKind = 'access' | 'refresh';

export interface TokenRecord {
  kind: TokenKind;
  clientId: string;
  grantId: string;
  expiresAt: number;
  /** Set for an access token of the client-credentials grant: it speaks for the app, no user. */
  clientCredentials?: true;
}

export interface IssuedPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
}

export type CodeRefusal = 'unknown' | 'expired' | 'reused' | 'other-client' | 'redirect-mismatch';
export type RefreshRefusal = 'unknown' | 'expired' | 'other-client';
export type GrantResult<Refusal extends string> = { ok: true; pair: IssuedPair } | { ok: false; why: Refusal };

export interface GrantsSnapshot {
  codes: Array<CodeRecord & { hash: string }>;
  tokens: Array<TokenRecord & { hash: string }>;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Opaque and unguessable: 32 random bytes, 43 base64url characters. */
function opaque(): string {
  return randomBytes(32).toString('base64url');
}

export class Grants {
  private codes = new Map<string, CodeRecord>();
  private tokens = new Map<string, TokenRecord>();

  constructor(private readonly now: () => number) {}

  issueCode(clientId: string, redirectUri: string): string {
    const code = opaque();
    this.codes.set(tokenHash(code), { clientId, redirectUri, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** A code for tokens: single-use, short-lived, bound to the client and the redirect_uri it was issued for. */
  exchangeCode(code: string, clientId: string, redirectUri: string, accessMs: number): GrantResult<CodeRefusal> {
    const record = this.codes.get(tokenHash(code));
    if (record === undefined) return { ok: false, why: 'unknown' };
    if (record.clientId !== clientId) return { ok: false, why: 'other-client' };
    if (record.grantId !== undefined) {
      this.revokeGrant(record.grantId);
      return { ok: false, why: 'reused' };
    }
    if (this.now() >= record.expiresAt) return { ok: false, why: 'expired' };
    if (record.redirectUri !== redirectUri) return { ok: false, why: 'redirect-mismatch' };
    record.grantId = randomBytes(12).toString('hex');
    return { ok: true, pair: this.issuePair(clientId, record.grantId, accessMs) };
  }

  /** Rotation: the refresh token is spent, a new pair of the same grant is issued. */
  refresh(refreshToken: string, clientId: string, accessMs: number): GrantResult<RefreshRefusal> {
    const hash = tokenHash(refreshToken);
    const record = this.tokens.get(hash);
    if (record?.kind !== 'refresh') return { ok: false, why: 'unknown' };
    if (record.clientId !== clientId) return { ok: false, why: 'other-client' };
    if (this.now() >= record.expiresAt) {
      this.tokens.delete(hash);
      return { ok: false, why: 'expired' };
    }
    this.tokens.delete(hash);
    return { ok: true, pair: this.issuePair(clientId, record.grantId, accessMs) };
  }

  /** Client credentials (RFC 6749 4.4): an access token alone, of a grant of its own; no refresh token (4.4.3). */
  issueClientAccess(clientId: string, accessMs: number): { accessToken: string; expiresIn: number } {
    const accessToken = opaque();
    const grantId = randomBytes(12).toString('hex');
    this.tokens.set(tokenHash(accessToken), { kind: 'access', clientId, grantId, expiresAt: this.now() + accessMs, clientCredentials: true });
    return { accessToken, expiresIn: Math.round(accessMs / 1000) };
  }

  /** The live access token's record, or undefined (unknown, expired or revoked). */
  access(token: string): TokenRecord | undefined {
    const record = this.tokens.get(tokenHash(token));
    return record?.kind === 'access' && this.now() < record.expiresAt ? record : undefined;
  }

  /**
   * RFC 7009: an unknown token is not an error. A refresh token takes the access tokens of
   * its grant with it; an access token goes alone.
   */
  revoke(token: string, clientId: string): 'revoked' | 'unknown' | 'other-client' {
    const hash = tokenHash(token);
    const record = this.tokens.get(hash);
    if (record === undefined) return 'unknown';
    if (record.clientId !== clientId) return 'other-client';
    if (record.kind === 'refresh') this.revokeGrant(record.grantId);
    else this.tokens.delete(hash);
    return 'revoked';
  }

  counts(): { accessTokens: number; refreshTokens: number; codes: number } {
    const now = this.now();
    let accessTokens = 0;
    let refreshTokens = 0;
    for (const token of this.tokens.values()) {
      if (now >= token.expiresAt) continue;
      if (token.kind === 'access') accessTokens++;
      else refreshTokens++;
    }
    const codes = [...this.codes.values()].filter((c) => c.grantId === undefined && now < c.expiresAt).length;
    return { accessTokens, refreshTokens, codes };
  }

  /** What still matters, for the data directory (see sweep). */
  snapshot(): GrantsSnapshot {
    this.sweep();
    return {
      codes: [...this.codes].map(([hash, c]) => ({ hash, ...c })),
      tokens: [...this.tokens].map(([hash, t]) => ({ hash, ...t })),
    };
  }

  restore(snapshot: GrantsSnapshot): void {
    this.clear();
    for (const { hash, ...code } of snapshot.codes) this.codes.set(hash, code);
    for (const { hash, ...token } of snapshot.tokens) this.tokens.set(hash, token);
  }

  clear(): void {
    this.codes = new Map();
    this.tokens = new Map();
  }

  private issuePair(clientId: string, grantId: string, accessMs: number): IssuedPair {
    const now = this.now();
    const accessToken = opaque();
    const refreshToken = opaque();
    this.tokens.set(tokenHash(accessToken), { kind: 'access', clientId, grantId, expiresAt: now + accessMs });
    this.tokens.set(tokenHash(refreshToken), { kind: 'refresh', clientId, grantId, expiresAt: now + REFRESH_TOKEN_LIFETIME_MS });
    return { accessToken, refreshToken, expiresIn: Math.round(accessMs / 1000) };
  }

  /**
   * Keeps what still matters: live tokens, and codes that are live or whose grant still has
   * tokens (so a late replay of a used code still revokes them).
   */
  private sweep(): void {
    const now = this.now();
    for (const [hash, token] of this.tokens) if (now >= token.expiresAt) this.tokens.delete(hash);
    const liveGrants = new Set([...this.tokens.values()].map((t) => t.grantId));
    for (const [hash, code] of this.codes) {
      if (now >= code.expiresAt && (code.grantId === undefined || !liveGrants.has(code.grantId))) this.codes.delete(hash);
    }
  }

  private revokeGrant(grantId: string): void {
    for (const [hash, token] of this.tokens) if (token.grantId === grantId) this.tokens.delete(hash);
  }
}
