import { describe, expect, it } from 'vitest';
import { ResolvedMoves } from '../../src/keep/moves.js';

describe('ResolvedMoves: what a name is called after the change', () => {
  const moves = new ResolvedMoves([
    { from: 'ReleaseNote', to: 'Changelog' },
    { from: 'Size', to: 'Dimensions' },
    { from: 'Article.Summary', to: 'Article.Abstract' },
    { from: 'Size.W', to: 'Size.Width' },
    // A chain: A → B, B → C takes A to C.
    { from: 'Old', to: 'Middle' },
    { from: 'Middle', to: 'New' },
    { from: 'Article.One', to: 'Article.Two' },
    { from: 'Article.Two', to: 'Article.Three' },
  ]);

  it.each<[string, string, boolean]>([
    ['ReleaseNote', 'Changelog', true],
    ['Size', 'Dimensions', true],
    ['Old', 'New', true],
    ['Middle', 'New', true],
    ['New', 'New', false],
    ['Article', 'Article', false],
    ['Changelog', 'Changelog', false],
    // A property move does not move its type.
    ['Article.Summary', 'Article.Summary', false],
  ])('type %s is %s after (moved: %s)', (name, after, moved) => {
    expect(moves.type(name)).toBe(after);
    expect(moves.movesType(name)).toBe(moved);
  });

  it.each<[string, string, string, boolean]>([
    ['Article', 'Summary', 'Abstract', true],
    ['Size', 'W', 'Width', true],
    ['Article', 'One', 'Three', true],
    ['Article', 'Two', 'Three', true],
    ['Article', 'Three', 'Three', false],
    ['Article', 'Title', 'Title', false],
    // Moves are per type: the same property name of another type stays.
    ['ReleaseNote', 'Summary', 'Summary', false],
    // Names from before the change: the renamed type's name does not find the move.
    ['Dimensions', 'W', 'W', false],
  ])('property %s.%s is %s after (moved: %s)', (type, property, after, moved) => {
    expect(moves.property(type, property)).toBe(after);
    expect(moves.movesProperty(type, property)).toBe(moved);
  });

  it('a type move does not touch properties, nor a property move types', () => {
    const only = new ResolvedMoves([{ from: 'A', to: 'B' }]);
    expect(only.property('A', 'X')).toBe('X');
    expect(only.movesProperty('A', 'X')).toBe(false);
    const prop = new ResolvedMoves([{ from: 'A.X', to: 'A.Y' }]);
    expect(prop.type('A')).toBe('A');
    expect(prop.movesType('A')).toBe(false);
  });

  it('no moves: every name is itself', () => {
    const none = new ResolvedMoves([]);
    expect(none.type('Article')).toBe('Article');
    expect(none.property('Article', 'Summary')).toBe('Summary');
    expect(none.movesType('Article')).toBe(false);
  });

  it('a longer chain is followed to its end, whatever the order written', () => {
    const chain = new ResolvedMoves([
      { from: 'C', to: 'D' },
      { from: 'A', to: 'B' },
      { from: 'B', to: 'C' },
    ]);
    expect([chain.type('A'), chain.type('B'), chain.type('C'), chain.type('D')]).toEqual(['D', 'D', 'D', 'D']);
  });

  it('a swap (A → B, B → A) ends: each takes the other name', () => {
    const swap = new ResolvedMoves([
      { from: 'A', to: 'B' },
      { from: 'B', to: 'A' },
    ]);
    expect(swap.type('A')).toBe('B');
    expect(swap.type('B')).toBe('A');
  });
});
