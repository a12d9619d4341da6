import { defineConfig } from "vitest/config"

// One runner for every package: unit tests live beside the code, cross-package suites in test/.
export default defineConfig({
  test: {
    include: ["libs/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default", "./test/summary-reporter.ts"]
  }
})
