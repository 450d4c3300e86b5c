/** A snapshot that cannot be read, or a model that breaks an invariant (defined with the other typed errors). */
export { SnapshotError } from '../errors.js';
