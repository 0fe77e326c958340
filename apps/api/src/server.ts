import { buildApp } from './app.ts';
import { BrandConfigError } from './config/brand.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { DatabaseLockedError } from './db/connection.ts';

try {
  const env = loadEnv();
  const app = await buildApp();
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`${app.services.brand.name} is running on http://localhost:${env.PORT}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (err) {
  if (err instanceof EnvError || err instanceof BrandConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
