export * from './constants.ts';
export * from './dates.ts';
export * from './enums.ts';
export * from './money.ts';
export * from './patterns.ts';
export * from './promotions.ts';
export * from './status.ts';
