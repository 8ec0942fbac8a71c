export function findPgBin(): string | undefined;
export function startThrowawayCluster(options?: {
  settings?: string[];
}): Promise<{ url: string; port: number; stop(): void }>;
