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

/**
 * React and Remix, which every page loads first anyway: kept out of shared-ui,
 * in a chunk of their own (tests/e2e/fixtures.ts recognises Remix's harmless
 * AbortError by this chunk's name). The client entry (@remix-run/dev) stays apart.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/(?!dev\/)[^/]+|turbo-stream)\//;
const SHARED_UI = [
  "/app/components/error-boundary.tsx",
  "/app/components/toaster.tsx",
  "/app/lib/theme.ts",
  "/app/lib/server-or-offline.ts",
  "/app/lib/nonce.ts",
  "/app/components/theme-toggle.tsx",
  "/app/components/ui/button.tsx",
  "/app/components/use-action-toast.ts",
  "/app/lib/format.ts",
];

export default defineConfig(({ command, isSsrBuild }) => ({
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
  build: {
    rollupOptions: {
      output: isSsrBuild ? {} : {
        // Small modules nearly every page uses ride in one shared chunk rather
        // than a dozen tiny ones (each costs its own gzip frame and request,
        // and a name in the manifest): decision 022.
        manualChunks(id) {
          if (FRAMEWORK.test(id)) return "framework";
          if (SHARED_UI.some((m) => id.endsWith(m))) return "shared-ui";
        },
      },
    },
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
