import { describe, expect, it } from 'vitest';
import { companionAddress, stateName } from '../../src/state/companion-store.js';

describe('companion addresses beside a state', () => {
  it.each([
    [
      'https://gitlab.example.com/api/v4/projects/42/terraform/state/production',
      'production',
      'https://gitlab.example.com/api/v4/projects/42/terraform/state/production-x-1',
    ],
    // A token in the query is the state's credential: the companion keeps it.
    ['https://state.example.com/tf/prod?access_token=abc', 'prod', 'https://state.example.com/tf/prod-x-1?access_token=abc'],
    ['https://state.example.com/states/prod/', 'prod', 'https://state.example.com/states/prod-x-1/'],
    ['https://state.example.com/my%20state', 'my state', 'https://state.example.com/my%20state-x-1'],
    ['https://state.example.com/', 'state', 'https://state.example.com/state-x-1'],
  ])('%s: named %s, companion %s', (address, name, companion) => {
    expect(stateName(address)).toBe(name);
    expect(companionAddress(address, `${stateName(address)}-x-1`)).toBe(companion);
  });
});
