/**
 * What lich hands ssh, and how it reads what ssh says: the argv (never host-key checking off, the
 * forward on 127.0.0.1 only, the destination after `--`), the far command's quoting, and each
 * failure's kind and line. test/hosts*.test.ts run the same against a real sshd.
 */
import { describe, expect, it } from "vitest"
import { FORWARD_COMMAND, forwardArgs, helloArgs, helloCommand, helloFailure, lastLine, shellQuote, strictness } from "./OpenSsh.js"

const devbox = { name: "devbox", destination: "me@devbox", lich: "" }

describe("the ssh argv", () => {
  it("runs unattended, with the destination after -- and the config file when one is given", () => {
    expect(helloArgs({ env: {}, config: "/tmp/cfg" }, devbox, false, [])).toEqual([
      ...["-F", "/tmp/cfg", "-T", "-o", "BatchMode=yes", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3"],
      ...["-o", "ClearAllForwardings=yes", "--", "me@devbox", "lich hosts hello"]
    ])
  })

  it("forwards a port on 127.0.0.1 only, to the far lich's loopback port, and fails when it cannot bind", () => {
    const args = forwardArgs({ env: {} }, devbox, 40001, 47821, [])
    expect(args.slice(args.indexOf("-L"), args.indexOf("-L") + 2)).toEqual(["-L", "127.0.0.1:40001:127.0.0.1:47821"])
    expect(args).toContain("ExitOnForwardFailure=yes")
    expect(args.slice(-3)).toEqual(["--", "me@devbox", FORWARD_COMMAND])
  })

  it("never carries a token, and never turns host-key checking off", () => {
    const all = [...helloArgs({ env: {} }, devbox, true, []), ...forwardArgs({ env: {} }, devbox, 1, 2, [])].join(" ")
    expect(all).not.toMatch(/token|StrictHostKeyChecking=(no|off|false)|UserKnownHostsFile/i)
  })

  it("turns host-key checking back on where the user's config turns it off, and leaves ask and accept-new be", () => {
    expect(strictness("user me\nstricthostkeychecking false\nport 22\n")).toEqual(["-o", "StrictHostKeyChecking=yes"])
    expect(strictness("stricthostkeychecking ask\n")).toEqual([])
    expect(strictness("stricthostkeychecking accept-new\n")).toEqual([])
  })

  it("quotes the lich command for the far shell, and asks for a start with --start", () => {
    expect(helloCommand({ ...devbox, lich: "/opt/my lich/bin/lich" }, true)).toBe("'/opt/my lich/bin/lich' hosts hello --start")
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
  })
})

describe("reading ssh's failures", () => {
  it("refuses an unknown host key with ssh's own line, for good", () => {
    const f = helloFailure(devbox, 255, "Host key verification failed.\n")
    expect(f).toMatchObject({ kind: "refused", message: "ssh to me@devbox failed: Host key verification failed." })
  })

  it("takes a refused connection as a link that may come back", () => {
    const f = helloFailure(devbox, 255, "ssh: connect to host devbox port 22: Connection refused\n")
    expect(f).toMatchObject({ kind: "down", message: "ssh to me@devbox failed: ssh: connect to host devbox port 22: Connection refused" })
  })

  it("says there is no lich command there, and how to name one", () => {
    const f = helloFailure(devbox, 127, "bash: line 1: lich: command not found\n")
    expect(f.kind).toBe("refused")
    expect(f.message).toBe(
      "there is no lich command on devbox (bash: line 1: lich: command not found) — install lich there, or name its path: lich hosts add devbox me@devbox --lich <path>"
    )
  })

  it("takes a lich that does not know hello for an older one", () => {
    expect(helloFailure(devbox, 1, 'lich: unknown command "hosts"\n').message).toBe(
      "the lich on devbox does not answer `lich hosts hello`: it is older than this one — install the same lich there"
    )
  })

  it("keeps ssh's last line, leaving out its notes about known hosts", () => {
    expect(lastLine("Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.\nbye\n\n")).toBe("bye")
  })
})
