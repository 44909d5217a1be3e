/** Where the service keeps its data: a SQLite file, or a PostgreSQL database and its pool size. */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string; poolSize: number };
