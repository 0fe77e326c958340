/** The Forecourt UI kit: import from here (`../../ui/index.ts`). */
export * from './button/button.tsx';
export * from './modal/modal.tsx';
export * from './snackbar/snackbar.tsx';
export * from './spinner/spinner.tsx';
export * from './tokens.ts';
