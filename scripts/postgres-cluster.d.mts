export function postgresAvailable(): boolean;
export function startCluster(): Promise<{ url: string; socketUrl: string; stop: () => void }>;
