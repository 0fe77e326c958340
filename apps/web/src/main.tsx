import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadConfig } from './lib/config.tsx';
import './ui/global.css';

/** Spec 1 §8: the application fails at start-up if its page container is missing. */
export async function bootstrap(doc: Document = document) {
  const container = doc.getElementById('root');
  if (!container) throw new Error('Forecourt cannot start: the page has no #root container.');
  const config = await loadConfig(doc);
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  );
}

void bootstrap();
