import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Worker tests: the real Worker (server.ts + the Remix build) in workerd, with
// real D1 migrated from migrations/ and the real Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          // Test values, independent of anyone's .dev.vars.
          BETTER_AUTH_SECRET: "worker-test-secret-0123456789abcdef",
          ADMIN_SIGNUP_CODE: "TEST-ADMIN-CODE",
          RUNNER_TOKEN: "worker-test-runner-token",
          // npm start's .dev.vars turns the meter on for bench:load; the tests turn it on themselves.
          D1_METER: "0",
          LTI_PRIVATE_KEY: "{\"kty\":\"RSA\",\"n\":\"wPCp25YV8RGy71_CegxiGnUrbnESKrDxcQaIWmzCd1Bdje8uJXaOzuqx-bc7-9wktJR31Zb2DqDbL9m7XOr4aKV8kC3VUdxOsxDrXnh3WElqI1aZApOttJ1EROgJPtbE9D6vbdahQhN2rJwu8m8QYmgPrvMxY2tOdUYAHBEdV_LqMiy8ZsCJlJMGJldoMnF3Efc3j6rwn6w0DhP0hG3MSqIYiHUu5tlcy6pBpkmXDoTb8JyIkrKJkDNPy5aJ9yrzEnOuseQMepXYv5Ao6vLKteepIRpQPJvT6LITB7NgbZ54m8J_N_PV9VvJ82CSQowu281ca66rY-efepuP9UvGhw\",\"e\":\"AQAB\",\"d\":\"D7yxhhUgVgjlCOxNHwpaiCDteXUkj7HeB6OKRKHhXL0D3HtZTrn0XQE8ogsli94Bam8_tP66tCe_qQ__3czWlSaGWfY7E5G-I5HqOMrnpR5b12UNVu33uacoNdydQHBhITDpuzJJ9etDf0G__Is9kWE-gj0Y1qyeeidLA_8LXyxvJCHv4_yufMq5hSaEYj7HnnsN-CNwGbXlkn858FfQerIyy8N4SzN6IM_cl_XrKDKznUzYRuA1xFU0I78Av-eb8py0MytgLtUtmil8-a7GpVB5OTnrfh2DcLvRzhp3eBPVjNoxj8aC9UaTLG259Gw1SPkuUFLv5W3UiYyTBvRh3Q\",\"p\":\"9uE47E9Qj61Wr_DTq2Y7pHupHR6gvTegedNa64YWn2XgjAdkg08kgK9QH-fffOrgs72m-8QELpMta3K4UJvj0vG2va1HSbvrq5zjj_q7CqOV7vpUWt3cxURf0cu97-EPvtZRViAUSORYvvRNO8WdCBm54oJPRb53xlrs1HzVy0U\",\"q\":\"yBFTZtTRYx7Zwz0B-dJnfedgNVjPwz07SxqfJzuzTT5Hf-kklxAvx5NikKrTmYwGoR-Eee2F-ggQMJd0VnqCZbn7LzvyTPiw6He_b5OVxJ3qQeNiVdIE4RYAYjwQwgJUjmWyXi5_hNblFvgKVwgYznBaJjLG80P-CZIvGYzwQVs\",\"dp\":\"SO_tQ1ODd488hypdPswrXsLyCZpc3soqbROWTvMEh_8vQe-FMI4XOLWStHpqupsh27hyNvuISMJOrunrrlUAD_g9hvhEkXIlhEQLryPiUphV2Y63kUjuypESxgatjMsvPbBPw2Qi2g4sce33S2tso1IGavcYuIA3HrEKOxTOjQk\",\"dq\":\"b7GcilBOBbR3hpRMwhhBRv0hrSbD9w_8RlW6fMDLvVgDutmCYAPdaOJTqMh2Eccm_FUINLnyjkBqKXaksJL8saY_IYOqJmbA_Ue9TKFsf7RZ0CcOAzOZHcCWvkEiae27HzSPfB0hfBwtEcGwpB4VG0uGSMUYZT-UV-uQ-AbDKvk\",\"qi\":\"2iJKZHfLj5do1QJtmr4fwi1c1PZzeLyy-_EN-eHku-AChNfeXyZlUCZpZBIfesc3ZEL5pgEJ4dwQuoY1x1mK-OhiXcHpJa_kJZteEXL8c-eipGPmiWZSxl3YE-GKhIxcYJJyFFlVNtbhP3cEtWEMkUPK5jSbmRBfjIr6UASb7wc\"}",
          // Two real runners, started by tests/worker/global-setup.ts.
          RUNNER_URL: inject("runnerUrl"),
        },
      },
    })),
  ],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/apply-migrations.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
    // Real D1, Durable Objects and runners on 2 shared cores: a slow machine must not fail a correct test.
    testTimeout: 30_000,
    deps: {
      optimizer: {
        ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
      },
    },
  },
  };
});
