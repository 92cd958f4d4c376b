/** Types of check-conflict-markers.mjs for the test that proves it catches a marker. */
export interface ConflictMarker {
  line: number;
  text: string;
}
export function conflictMarkers(text: string): ConflictMarker[];
export function trackedConflictMarkers(root: string): Array<ConflictMarker & { file: string }>;
