/**
 * Who is logged in at the emulated authorization server: one demo user, a member of the
 * demo organization, who approves every authorization request (the emulator has no login
 * page). Fixed values, so tests and docs can name them.
 */
export const DEMO_USER = {
  sub: 'demo-user-0001',
  email: 'demo@example.com',
  name: 'Demo User',
} as const;

export const DEMO_ORGANIZATION = {
  id: '5f0c1b7e-2a4d-4c8e-9b1a-6d3e8f2a7c40',
  name: 'Demo organization',
} as const;

/** The name userinfo gives for an organization: only the demo organization has a real one. */
export function organizationName(id: string): string {
  return id === DEMO_ORGANIZATION.id ? DEMO_ORGANIZATION.name : `Organization ${id}`;
}
