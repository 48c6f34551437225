import { buildApp } from './app';
import { demoPassword, seedDemo } from './demo/seedDemo';

/** `npm start`: one process serving the web app and the API. */
const main = async () => {
  const app = await buildApp({ logger: process.env.LOG_REQUESTS === '1' });
  const { config } = app.ctx;
  if (config.demo && (await seedDemo(app.ctx))) console.log('Seeded the demo company "Demo Logistics".');
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${config.dataDir} — for trying Aisle or one small site; use PostgreSQL in production (README)`;
  console.log(`Aisle is running at http://localhost:${port}  (data: ${where})`);
  if (config.demo) console.log(`Demo sign-in: admin / ${demoPassword}  (also manager, picker, contractor)`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
