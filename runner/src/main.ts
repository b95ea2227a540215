import { loadConfig } from "./config.ts";
import { startRunner } from "./runner.ts";

try {
  const config = loadConfig();
  const started = Date.now();
  const runner = await startRunner(config);
  const langs = runner.engine.languageList.map((l) => `${l.language} ${l.version}`).join(", ");
  console.log(`runner: listening on ${runner.url} (${config.concurrency} slots; ${langs}) after ${Date.now() - started} ms`);
  const stop = () => runner.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(`runner: ${(error as Error).message}`);
  process.exit(1);
}
