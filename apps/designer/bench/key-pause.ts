/**
 * How long to wait after a key's repaint was seen before pressing the next key, in ms. A person's keys land
 * anywhere in a frame. Each measurement ends in a frame callback, and a fixed pause after it (30 ms and two round
 * trips, about two frames at 60 Hz) put every key just after the start of a frame, the worst place, from which its
 * change can only show a whole frame later. The pauses step through the frame instead (0-16 ms on top of the 30,
 * each step 7 ms further on), the same steps in every run.
 */
export const pauseBeforeKey = (key: number): number => 30 + ((key * 7) % 17);
