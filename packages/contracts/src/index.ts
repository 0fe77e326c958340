export * from './brand.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './session.ts';
export * from './theme-css.ts';
