/** A seeded generator (mulberry32) of numbers in [0, 1) for fuzz tests: the same seed replays the same run. */
export function seededRandom(seed: number): () => number;
