import { describe, expect, it } from 'vitest';
import { createHistory } from './history';

describe('createHistory', () => {
  it('undoes and redoes in order', () => {
    const history = createHistory('a');
    history.push('b');
    history.push('c');
    expect(history.undo()).toBe('b');
    expect(history.undo()).toBe('a');
    expect(history.undo()).toBeUndefined();
    expect(history.canUndo).toBe(false);
    expect(history.redo()).toBe('b');
    expect(history.present).toBe('b');
  });

  it('drops the redo branch on a new change', () => {
    const history = createHistory(1);
    history.push(2);
    history.undo();
    history.push(3);
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBeUndefined();
    expect(history.undo()).toBe(1);
  });

  it('skips snapshots equal to the present and keeps at most `limit` steps', () => {
    const history = createHistory({ v: 0 }, { limit: 2, isSame: (a, b) => a.v === b.v });
    history.push({ v: 0 });
    expect(history.canUndo).toBe(false);
    history.push({ v: 1 });
    history.push({ v: 2 });
    history.push({ v: 3 });
    expect(history.undo()?.v).toBe(2);
    expect(history.undo()?.v).toBe(1);
    expect(history.undo()).toBeUndefined();
  });

  it('reset forgets both directions', () => {
    const history = createHistory('x');
    history.push('y');
    history.reset('z');
    expect(history.present).toBe('z');
    expect(history.canUndo || history.canRedo).toBe(false);
  });
});
