/**
 * Undo/redo over immutable snapshots. The editor pushes a snapshot after every completed change (a drop,
 * a connection, a form edit once typing pauses), so undo always returns to a state the user saw.
 */
export interface History<T> {
  readonly present: T;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Records a new present; forgets the redo branch. Equal snapshots (by `isSame`) are not recorded twice. */
  push(next: T): void;
  undo(): T | undefined;
  redo(): T | undefined;
  /** Starts over from `initial` (after loading or saving a scenario). */
  reset(initial: T): void;
}

export interface HistoryOptions<T> {
  limit?: number;
  isSame?: (a: T, b: T) => boolean;
}

export function createHistory<T>(initial: T, options: HistoryOptions<T> = {}): History<T> {
  const limit = options.limit ?? 100;
  const isSame = options.isSame ?? Object.is;
  let past: T[] = [];
  let present = initial;
  let future: T[] = [];
  return {
    get present() {
      return present;
    },
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
    push(next) {
      if (isSame(present, next)) return;
      past.push(present);
      if (past.length > limit) past = past.slice(past.length - limit);
      present = next;
      future = [];
    },
    undo() {
      const previous = past.pop();
      if (previous === undefined) return undefined;
      future.push(present);
      present = previous;
      return present;
    },
    redo() {
      const next = future.pop();
      if (next === undefined) return undefined;
      past.push(present);
      present = next;
      return present;
    },
    reset(value) {
      past = [];
      future = [];
      present = value;
    },
  };
}
