// The one entry of @klang/domain: schemas, constants and messages shared by server and web.
export * from './brand';
export * from './genres';
export * from './tiers';
export * from './loyalty';
export * from './limits';
export * from './demo';
export * from './messages';
export * from './errors';
export * from './api/health.schema';
export * from './api/analytics.schema';
export * from './accounts-messages';
export * from './api/accounts.schema';
export * from './public-site/public-site-messages';
export * from './public-site/forms.schema';
export * from './api/player.schema';
export * from './api/tracks.schema';
