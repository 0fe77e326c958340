export * from './patterns.ts';
