import { expect, it } from 'vitest';
import { EVENT_CONTRACT_VERSION } from '@tunafy/event-bus';
import { contractVersion } from './meta';

it('reports the event contract it was built against', () => {
  expect(contractVersion).toBe(EVENT_CONTRACT_VERSION);
});
