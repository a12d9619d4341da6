import { defineConfig } from "vitest/config"

// One runner for every package: unit tests live beside the code, cross-package suites in test/.
// Two projects so the real-provider suite can run alone (`npx vitest run --project e2e`) while a plain
// `vitest run` runs both. The e2e project runs after the other (groupOrder): each of its sessions is a
// real Claude Code process, and sharing two cores with the integration suites would slow both.
export default defineConfig({
  test: {
    pool: "forks",
    // Two files at a time. Vitest's default is one fewer than the cores, so one on CI's two: most suites
    // spend their time waiting on processes they started (a backend, a PTY host, a shell, git), and the
    // fresh-machine CI took 18–20 min with one. The suites hold under load (they assert on events, not
    // on wall-clock), and two keeps the load near the core count. npm test runs the e2e project on its
    // own with one worker (package.json): each of its files runs real agent CLIs, in a fork of its own.
    maxWorkers: 2,
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit+integration",
          include: ["libs/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/e2e/**", "**/node_modules/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000
        }
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.e2e.test.ts"],
          globalSetup: ["./test/e2e/globalSetup.ts"],
          // A test drives several real model turns through a real CLI; 90 s is three times the slowest seen.
          testTimeout: 90_000,
          // The pinned CLIs are installed by globalSetup; a suite's beforeAll still calls ensureCli, and
          // its own start (a backend, a mock) takes seconds.
          hookTimeout: 600_000,
          sequence: { groupOrder: 1 }
        }
      }
    ]
  }
})
