/**
 * Where each edge's label sits among the labels above one target node: 0 for the first edge into it, 1 for
 * the next, and so on. Labels are drawn just above their target, not halfway along the edge: the branches of
 * a choice leave one point, so their midpoints crowd together while their targets stand apart.
 */
export function labelSlotsOf(edges: readonly { id: string; target: string }[]): Map<string, number> {
  const taken = new Map<string, number>();
  const slots = new Map<string, number>();
  for (const edge of edges) {
    const slot = taken.get(edge.target) ?? 0;
    slots.set(edge.id, slot);
    taken.set(edge.target, slot + 1);
  }
  return slots;
}

/** Vertical room one label takes above its target, in canvas pixels (label height plus a gap). */
export const LABEL_ROW = 24;
/** Gap between the target's top and the nearest label, leaving the arrowhead in sight. */
export const LABEL_GAP = 26;

/** The centre of a label in slot `slot` above a target whose top-centre handle is at (`targetX`, `targetY`). */
export function labelPositionOf(targetX: number, targetY: number, slot: number): { x: number; y: number } {
  return { x: targetX, y: targetY - LABEL_GAP - slot * LABEL_ROW };
}
