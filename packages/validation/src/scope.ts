import type { TypingResult } from '@scenaria/typing';

interface Entry {
  readonly name: string;
  readonly hash: number;
  /** Undefined for a hidden variable: kept so that re-adding it finds its old position. */
  readonly type: TypingResult | undefined;
  readonly seq: number;
}

/** Entries whose whole hashes are equal (rare): searched linearly. */
interface Bucket {
  readonly kind: 'bucket';
  readonly hash: number;
  readonly entries: readonly Entry[];
}

interface Branch {
  readonly kind: 'branch';
  /** Bit i set when the slot for hash digit i is used; children are stored densely in digit order. */
  readonly bitmap: number;
  readonly children: readonly (Branch | Bucket)[];
}

const emptyBranch: Branch = { kind: 'branch', bitmap: 0, children: [] };
const BITS = 5;
const MASK = 31;

/**
 * Variables visible at a point of a scenario as a persistent map: adding a variable gives a new scope and
 * leaves the old one as it was, sharing all but O(log n) of its structure (a hash array mapped trie, 32-way,
 * so at most seven levels). A chain of n variable nodes therefore builds its n contexts in O(n log n) time
 * and memory instead of the O(n²) of copying a record at every node.
 *
 * Insertion order is kept (each entry carries a sequence number) because node results list a node's variables
 * in the order they were defined, as the plain records did.
 */
export class Scope {
  /**
   * Slots (trie children and bucket entries) copied by every scope ever built: the whole cost of adding
   * variables, counted so that a test can check it grows linearly with a scenario rather than by timing.
   */
  static copiedSlots = 0;

  private static nextId = 0;

  /**
   * Identifies the scope for caches keyed by scope (the JSON of node results): a derived scope names its base
   * by this id rather than holding it, so a scope does not keep every scope before it alive.
   */
  readonly id: number = Scope.nextId++;

  // Created on first use and then shared: the scope itself never changes.
  private view: Readonly<Record<string, TypingResult>> | undefined;

  private constructor(
    /**
     * The id of the scope this one was made from by {@link with}, and the name set: lets a caller build a
     * derived view of this scope from the base's one in one step (see `validate-scenario.ts`).
     */
    readonly derivedFrom: { readonly baseId: number; readonly name: string } | undefined,
    private readonly root: Branch,
    /** Entries held, hidden ones included. */
    private readonly count: number,
    /** Next sequence number (never reused, so order survives hiding and re-adding). */
    private readonly nextSeq: number,
  ) {}

  static readonly empty: Scope = new Scope(undefined, emptyBranch, 0, 0);

  /** A scope holding a record's entries, in the record's order. */
  static of(record: Readonly<Record<string, TypingResult>>): Scope {
    return Scope.empty.withAll(record);
  }

  /** The type of a variable, or undefined when it is not visible. */
  get(name: string): TypingResult | undefined {
    return find(this.root, hashOf(name), name)?.type;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** This scope with one more variable (or another type for an existing one, keeping its position). */
  with(name: string, type: TypingResult): Scope {
    return this.put(name, type, true);
  }

  /** This scope with every entry of a record added, in the record's order. */
  withAll(record: Readonly<Record<string, TypingResult>>): Scope {
    return Object.entries(record).reduce<Scope>((scope, [name, type]) => scope.put(name, type, false), this);
  }

  /** This scope without some variables (a parameter's `variablesToHide`). */
  without(names: readonly string[]): Scope {
    return names.reduce<Scope>((scope, name) => (scope.has(name) ? scope.put(name, undefined, false) : scope), this);
  }

  /** Visible variables in definition order: O(k log k) for k entries, so done once per scope by callers that cache. */
  entries(): [string, TypingResult][] {
    const all: Entry[] = [];
    collect(this.root, all);
    all.sort((a, b) => a.seq - b.seq);
    const visible: [string, TypingResult][] = [];
    for (const entry of all) if (entry.type !== undefined) visible.push([entry.name, entry.type]);
    return visible;
  }

  /**
   * The scope as a read-only record, for APIs that take one (the expression typer, components' output
   * functions): reads go to the trie, so handing a context over costs O(1) instead of a copy. Enumerating
   * it (`Object.keys`) lists the visible variables in definition order.
   */
  asRecord(): Readonly<Record<string, TypingResult>> {
    return (this.view ??= recordView(this));
  }

  /** Number of entries held, hidden ones included (node contexts never hide, so there it is the variable count). */
  get size(): number {
    return this.count;
  }

  private put(name: string, type: TypingResult | undefined, keepDerivation: boolean): Scope {
    const hash = hashOf(name);
    const existing = find(this.root, hash, name);
    if (existing === undefined && type === undefined) return this;
    const entry: Entry = { name, hash, type, seq: existing?.seq ?? this.nextSeq };
    const isNew = existing === undefined;
    return new Scope(keepDerivation ? { baseId: this.id, name } : undefined, insert(this.root, entry, 0), isNew ? this.count + 1 : this.count, isNew ? this.nextSeq + 1 : this.nextSeq);
  }
}

/** FNV-1a over UTF-16 code units: cheap, and spreads short identifiers well enough for 32-way branching. */
function hashOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function popcount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

function find(root: Branch, hash: number, name: string): Entry | undefined {
  let node: Branch | Bucket = root;
  for (let shift = 0; ; shift += BITS) {
    if (node.kind === 'bucket') return node.hash === hash ? node.entries.find((e) => e.name === name) : undefined;
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.bitmap & bit) === 0) return undefined;
    node = node.children[popcount(node.bitmap & (bit - 1))] as Branch | Bucket;
  }
}

function insert(node: Branch, entry: Entry, shift: number): Branch {
  const bit = 1 << ((entry.hash >>> shift) & MASK);
  const index = popcount(node.bitmap & (bit - 1));
  const children = node.children.slice();
  Scope.copiedSlots += children.length;
  if ((node.bitmap & bit) === 0) {
    children.splice(index, 0, { kind: 'bucket', hash: entry.hash, entries: [entry] });
    return { kind: 'branch', bitmap: node.bitmap | bit, children };
  }
  const child = children[index] as Branch | Bucket;
  if (child.kind === 'branch') {
    children[index] = insert(child, entry, shift + BITS);
  } else if (child.hash === entry.hash) {
    const kept = child.entries.filter((e) => e.name !== entry.name);
    Scope.copiedSlots += kept.length;
    children[index] = { kind: 'bucket', hash: entry.hash, entries: [...kept, entry] };
  } else {
    // Two different hashes share this digit: push the old bucket one level down and insert there.
    const below = 1 << ((child.hash >>> (shift + BITS)) & MASK);
    children[index] = insert({ kind: 'branch', bitmap: below, children: [child] }, entry, shift + BITS);
  }
  return { kind: 'branch', bitmap: node.bitmap, children };
}

function collect(node: Branch | Bucket, into: Entry[]): void {
  if (node.kind === 'bucket') into.push(...node.entries);
  else for (const child of node.children) collect(child, into);
}

/**
 * A Proxy that answers like a frozen plain record of the scope's visible variables: own-property checks
 * (`Object.hasOwn`, which the typer uses), reads and enumeration; names that are no variable fall through to
 * the empty target, as on a plain object.
 */
function recordView(scope: Scope): Readonly<Record<string, TypingResult>> {
  const target: Record<string, TypingResult> = {};
  return new Proxy(target, {
    get: (t, key, receiver) => (typeof key === 'string' ? (scope.get(key) ?? Reflect.get(t, key, receiver)) : Reflect.get(t, key, receiver)),
    has: (t, key) => (typeof key === 'string' && scope.has(key)) || Reflect.has(t, key),
    getOwnPropertyDescriptor: (t, key) => {
      if (typeof key !== 'string') return Reflect.getOwnPropertyDescriptor(t, key);
      const type = scope.get(key);
      // Configurable, as the Proxy invariants require for a property the target does not have.
      return type === undefined ? undefined : { value: type, writable: false, enumerable: true, configurable: true };
    },
    ownKeys: () => scope.entries().map(([name]) => name),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
