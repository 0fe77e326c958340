import type { PublicConfig } from '@forecourt/contracts';
import { createContext, type ReactNode, useContext } from 'react';

export type WebConfig = PublicConfig & { basename: string };

/**
 * The server inlines the brand into index.html (a JSON script); the Vite dev server has none, so the
 * config is fetched from /api/config instead.
 */
export async function loadConfig(doc: Document = document): Promise<WebConfig> {
  const inline = doc.getElementById('forecourt-config');
  if (inline?.textContent) return JSON.parse(inline.textContent) as WebConfig;
  const admin = window.location.pathname.startsWith('/admin');
  const res = await fetch(`/api/config?mode=${admin ? 'admin' : 'customer'}`);
  if (!res.ok) throw new Error(`Could not load configuration (${res.status})`);
  return { ...((await res.json()) as PublicConfig), basename: admin ? '/admin' : '/' };
}

const ConfigContext = createContext<WebConfig | null>(null);

export function ConfigProvider({ config, children }: { config: WebConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): WebConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}
