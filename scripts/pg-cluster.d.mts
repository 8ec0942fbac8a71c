export function findPgBin(): string | undefined;
export function startThrowawayCluster(options?: {
  settings?: string[];
}): Promise<{ url: string; port: number; bin: string; halt(): void; resume(): void; stop(): void }>;
