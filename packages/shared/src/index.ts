export * from './constants.ts';
export * from './messages.ts';
export * from './branding.ts';
export * from './visit-rules.ts';
