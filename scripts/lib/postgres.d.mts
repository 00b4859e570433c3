export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startThrowawayPostgres(settings?: Record<string, string>): Promise<{
  url: string;
  bin: string;
  port: number;
  stop: () => void;
}>;
