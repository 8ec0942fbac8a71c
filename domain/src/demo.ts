/**
 * The shared demo account (spec 001 §4 Demo login, product-decisions.md): an artist seeded at first
 * start whose credentials /demo-login shows. Every restriction on it is enforced by the server.
 */
export const DEMO_ACCOUNT = {
  email: 'demo@klang.app',
  password: 'explore-klang',
  username: 'klangdemo',
  artistName: 'Klang Demo',
} as const;
