/** A seeded sequence in [0, 1) (the sandbox's PRNG), so the runtime's random controls repeat. */
import { Random } from "../api/random";

export function randomSequence(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
