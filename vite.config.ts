import {
  cloudflareDevProxyVitePlugin,
  vitePlugin as remix,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    ...(command === "serve" ? [cloudflareDevProxyVitePlugin()] : []),
    tailwindcss(),
    remix({
      // The dev loop builds elsewhere and copies over, so wrangler never sees an empty build/.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off on purpose: with live revalidation, lazy discovery races a
        // fetcher reload and can render a blank page (React Router 6 bug).
      },
    }),
  ],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
