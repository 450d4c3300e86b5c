/** A snapshot that cannot be read, or a model that breaks an invariant. `path` points at the bad item. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
  constructor(
    message: string,
    readonly path: string,
    readonly source: string | null = null,
  ) {
    super(source === null ? `${path}: ${message}` : `${source}: ${path}: ${message}`);
  }
}

