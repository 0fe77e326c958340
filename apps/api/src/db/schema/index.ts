import * as foundation from './foundation.ts';

// Each module adds its tables file here (one line per module).
export const schema = {
  ...foundation,
};

export * from './foundation.ts';
