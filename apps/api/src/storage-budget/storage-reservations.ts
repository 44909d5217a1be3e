/**
 * Bytes admitted and not yet written, per organization, in this process
 * (docs/api.md, "Storage budget"). A request's estimate is reserved when it is admitted and
 * released once what it stores is committed (or nothing will be), so requests of one
 * organization that run at the same time are weighed against each other, not each against the
 * stored bytes alone.
 */
export class StorageReservations {
  private readonly reserved = new Map<string, number>();
  private releases = 0;

  /** What `organizationId` has reserved now. */
  of(organizationId: string): number {
    return this.reserved.get(organizationId) ?? 0;
  }

  /**
   * How many reservations were released so far: a stored-bytes count read while this number
   * changed may lack what a released reservation stood for (written, then released), so it is
   * read again.
   */
  get generation(): number {
    return this.releases;
  }

  /** Reserves `bytes`; the function returned releases them, once, however often it is called. */
  reserve(organizationId: string, bytes: number): () => void {
    if (bytes <= 0) return () => {};
    this.reserved.set(organizationId, this.of(organizationId) + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.releases++;
      const left = this.of(organizationId) - bytes;
      if (left > 0) this.reserved.set(organizationId, left);
      else this.reserved.delete(organizationId);
    };
  }
}
