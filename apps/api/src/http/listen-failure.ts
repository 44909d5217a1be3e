/** The one line a failed listen prints. */
export function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `failed to start: port ${port} on ${host} is already in use; set PORT to another port (PORT=0 picks a free one)`;
  if (error.code === 'EACCES') return `failed to start: not allowed to listen on port ${port} (ports below 1024 need privileges); set PORT to another port`;
  if (error.code === 'EADDRNOTAVAIL') return `failed to start: ${host} is not an address of this machine; set HOST to one that is`;
  return `failed to start: cannot listen on ${host}:${port}: ${error.message}`;
}
