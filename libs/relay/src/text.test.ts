import { describe, expect, it } from "vitest"
import { relayedMessage } from "./text.js"

const base = { senderId: "", senderLabel: "", prompt: "fix it", ticket: "abcd1234", targetHasTools: false }
const first = (m: Parameters<typeof relayedMessage>[0]) => relayedMessage(m).split("\n")[0]

describe("the relayed message's first line", () => {
  it("names the sending session, or the command line, as the contract words them", () => {
    expect(first({ ...base, senderId: "s1", senderLabel: "auth" })).toBe('[lich] Message from session "auth", not from your own prompt.')
    expect(first(base)).toBe("[lich] Message relayed by the lich command line, not from your own prompt.")
  })

  it("says the host a sender on another machine is on, so it is not taken for a session here", () => {
    expect(first({ ...base, senderLabel: "auth", senderHost: "laptop" })).toBe(
      '[lich] Message from session "auth" on host "laptop", not from your own prompt.'
    )
    expect(first({ ...base, senderHost: "laptop" })).toBe(
      '[lich] Message relayed by the lich command line on host "laptop", not from your own prompt.'
    )
  })
})
