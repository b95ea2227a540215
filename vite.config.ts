import {
  cloudflareDevProxyVitePlugin,
  vitePlugin as remix,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import type { OutputBundle } from "rollup";
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
/**
 * Small modules nearly every page, or every student page, uses (with Vite's
 * preload helper): one shared chunk rather than a dozen tiny ones. Modules the
 * test pages do not use stay out (the theme toggle, formatting, action toasts):
 * the MCQ test page's budget has no room for them (decision 022).
 */
const SHARED_UI = [
  "/app/components/error-boundary.tsx",
  "/app/components/toaster.tsx",
  "/app/lib/ui/theme.ts",
  "/app/lib/ui/server-or-offline.ts",
  "/app/lib/http/nonce.ts",
  "/app/offline/lazy.ts",
  "/app/components/ui/badge.tsx",
  "/app/lib/student-tests/test-rules.ts",
  "/app/components/ui/button.tsx",
];

/**
 * A lazy chunk's preload list without the chunks its importer has already
 * loaded: every static import of the importing chunk, transitively, ran
 * before it could import anything. Vite lists them all, and the lists ride
 * in the importer's code, which on the MCQ test page is first-load JS
 * (decision 022).
 */
function preloadOnlyWhatIsNew() {
  let bundle: OutputBundle | undefined;
  const loaded = new Map<string, Set<string>>();
  const staticClosure = (file: string): Set<string> => {
    const known = loaded.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = bundle?.[name];
      if (seen.has(name) || chunk?.type !== "chunk") return;
      seen.add(name);
      chunk.imports.forEach(visit);
    };
    visit(file);
    loaded.set(file, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: "preload-only-what-is-new",
    apply: "build",
    generateBundle(_, output) {
      bundle = output;
      loaded.clear();
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: "html" | "js" }) =>
    hostType === "js" && bundle ? deps.filter((dep) => !staticClosure(hostId).has(dep)) : deps;
  return { plugin, resolveDependencies };
}
const preload = preloadOnlyWhatIsNew();

/** Remix's future flags (decision 022: lazy route discovery keeps each page's first load to its own routes). */
const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
};

/**
 * Remix 2.17.5's route discovery adds a path's routes to its manifest and to
 * its list of discovered paths once the /__manifest answer is read, even when
 * the navigation that asked was cut off meanwhile (a live page's revalidation
 * cuts navigations off): the router then never adds those routes, the path
 * counts as discovered for the rest of the session, and every later visit
 * matches the catch-all route, which fails the page (remix-run/react-router
 * #15327). This backports React Router's fix (#15399): a cut-off discovery
 * changes nothing, so the next visit discovers again. The build fails if the
 * code it amends changes, so an upgrade cannot slip past it.
 */
function abortedDiscoveryChangesNothing(): Plugin {
  const AT = "  // Patch routes we don't know about yet into the manifest\n";
  let browserBuild = false;
  let applied = false;
  return {
    name: "aborted-discovery-changes-nothing",
    apply: "build",
    configResolved(config) {
      browserBuild = !config.build.ssr;
    },
    transform(code, id, options) {
      if (options?.ssr || !id.endsWith("/node_modules/@remix-run/react/dist/esm/fog-of-war.js")) return;
      if (code.split(AT).length !== 2) this.error("@remix-run/react's fog-of-war.js changed: review abortedDiscoveryChangesNothing in vite.config.ts");
      applied = true;
      return { code: code.replace(AT, `  if (signal?.aborted) return;\n${AT}`), map: null };
    },
    buildEnd(error) {
      if (browserBuild && !error && !applied) this.error("the browser's build did not load @remix-run/react's fog-of-war.js: review abortedDiscoveryChangesNothing in vite.config.ts");
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    ...(command === "serve" ? [cloudflareDevProxyVitePlugin()] : []),
    tailwindcss(),
    preload.plugin,
    abortedDiscoveryChangesNothing(),
    remix({
      // The dev loop builds elsewhere and copies over, so wrangler never sees an empty build/.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
      future,
    }),
  ],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: {
    // A lazy chunk preloads only what its importer has not loaded (above).
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    // The browser's code goes through terser: about 4 kB (gzip) less first-load
    // JS on every page than esbuild's minifier, most of it in React DOM and the
    // router (decision 022). The Worker's build keeps esbuild and Vite's
    // default target: its size is not downloaded by students.
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
    // The browsers the app's code already needs (Array.prototype.findLast and
    // .at): Chrome and Edge 97, Firefox 104, Safari 15.4. Vite's default
    // (2020 browsers) lowered newer syntax that those browsers run natively.
    ...(isSsrBuild ? {} : { target: ["chrome97", "edge97", "firefox104", "safari15.4"] }),
    rollupOptions: {
      // A resource route has no browser code, so its client chunk is empty by design.
      onwarn(warning, warn) {
        if (warning.code !== "EMPTY_BUNDLE") warn(warning);
      },
      // The Worker's build: a chunk imports only what it uses. Rollup's default
      // also repeats the entry's imports in each lazy chunk (a browser's early
      // start on them), and those bare imports of side-effect-free packages are
      // what wrangler's esbuild warned about, once per package, at every start.
      output: isSsrBuild ? { hoistTransitiveImports: false } : {
        // Small modules nearly every page uses ride in one shared chunk rather
        // than a dozen tiny ones (each costs its own gzip frame and request,
        // and a name in the manifest): decision 022.
        // Every chunk's file name is in the Remix manifest once per route that
        // imports it, and every page's document carries its routes' part of the
        // manifest (decision 022): plain hashes, not names, keep those short. The framework and CodeMirror chunks keep their names (the e2e
        // fixtures and the editor test recognise them by name).
        chunkFileNames: (chunk) => (/^(framework|shared-ui|codemirror)/.test(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js"),
        manualChunks(id) {
          if (FRAMEWORK.test(id)) return "framework";
          if (SHARED_UI.some((m) => id.endsWith(m)) || id === "\0vite/preload-helper.js") return "shared-ui";
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
