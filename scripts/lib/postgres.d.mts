export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startThrowawayPostgres(settings?: Record<string, string>): Promise<{
  url: string;
  /** The cluster's folder: its Unix socket, and the data under data/. */
  socketDir: string;
  bin: string;
  port: number;
  stop: () => void;
}>;
