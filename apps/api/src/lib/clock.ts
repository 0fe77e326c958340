/** The injectable clock: anything time-dependent reads `ctx.clock` (tests move it). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
