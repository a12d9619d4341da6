import { describe, expect, it } from "vitest"
import { helloLine, parseHello } from "./hello.js"

describe("the hello line", () => {
  it("reads back what it wrote, past whatever a login shell printed before it", () => {
    const hello = { protocol: 1, version: "0.1.0", running: true, port: 47821, token: "ab".repeat(16), server: "0.1.0" }
    expect(parseHello(`Welcome to devbox!\n${helloLine(hello)}\n`)).toEqual(hello)
  })

  it("says no lich runs, with no coordinates", () => {
    expect(parseHello(helloLine({ protocol: 1, version: "0.1.0", running: false }))).toEqual({
      protocol: 1,
      version: "0.1.0",
      running: false
    })
  })

  it("is not a hello without its key, or running without a port and a token", () => {
    expect(parseHello('{"protocol":1,"version":"0.1.0","running":false}')).toBeUndefined()
    expect(parseHello('{"lichHosts":1,"protocol":1,"version":"0.1.0","running":true}')).toBeUndefined()
    expect(parseHello("lich: unknown command")).toBeUndefined()
  })
})
