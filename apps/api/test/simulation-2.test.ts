// The lifecycle simulation, part 2 of 4 (helpers/simulation-part.ts; part 1 and the oracle check: simulation.test.ts).
import { describe } from 'vitest';
import { livesPart } from './helpers/simulation-part.ts';

describe('the lifecycle simulation', () => livesPart(1));
