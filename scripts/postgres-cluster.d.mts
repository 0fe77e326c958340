export function postgresAvailable(): boolean;
export function startCluster(): Promise<{ url: string; stop: () => void }>;
