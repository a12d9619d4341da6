/** What every bench server takes: the port from argv, and a fixed token (loopback, a throw-away process). */
export const BENCH_TOKEN = "bench-token"
export const benchPort = (): number => Number(process.argv[2] ?? 0)
