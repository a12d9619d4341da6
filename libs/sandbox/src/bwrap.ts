/**
 * The bubblewrap command line that confines one session on Linux. Pure: what exists on disk is asked
 * through `look`, so the rules are tested without a machine. What the session gets:
 *   - the machine read-only (/usr /etc /opt /nix; /bin /sbin /lib* as the symlinks they are);
 *   - fresh /proc, /dev and /tmp, and a private, empty home (tmpfs) holding only its provider's state;
 *   - its checkout and the repository's common git dir writable, so it can commit;
 *   - lich's install and the provider's binary directory read-only, so both still resolve.
 * It refuses to unshare the network: the session must reach lich on loopback, and its provider its API.
 * Binds come after the tmpfs they may sit under, and writable binds after read-only ones, because
 * bubblewrap applies them in order and a later mount hides an earlier one.
 */

export type PathKind =
  | { readonly _tag: "dir" }
  | { readonly _tag: "file" }
  | { readonly _tag: "symlink"; readonly target: string }
  | { readonly _tag: "missing" }

export interface ConfineInput {
  /** The real $HOME: replaced by an empty tmpfs at the same path. */
  readonly home: string
  /** The checkout: writable, and the working directory. */
  readonly cwd: string
  /** Other writable paths: the repository's common git dir. */
  readonly writable: ReadonlyArray<string>
  /** Read-only paths that must resolve: lich's install, the provider binary's directory. */
  readonly readOnly: ReadonlyArray<string>
  /** Absolute provider state paths, bound writable into the private home. */
  readonly state: ReadonlyArray<string>
  /** $XDG_RUNTIME_DIR, hidden like the home (it holds the user's agent and bus sockets). */
  readonly runtimeDir?: string | undefined
}

const SYSTEM_DIRS = ["/usr", "/etc", "/opt", "/nix"]
const SYSTEM_LINKS = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]

const under = (path: string, dir: string): boolean => path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`)

export const bwrapArgs = (i: ConfineInput, look: (path: string) => PathKind): ReadonlyArray<string> => {
  const args: Array<string> = []
  const systemRoots: Array<string> = []
  for (const dir of SYSTEM_DIRS) {
    if (look(dir)._tag !== "dir") continue
    args.push("--ro-bind", dir, dir)
    systemRoots.push(dir)
  }
  for (const link of SYSTEM_LINKS) {
    const kind = look(link)
    if (kind._tag === "symlink") args.push("--symlink", kind.target, link)
    else if (kind._tag === "dir") {
      args.push("--ro-bind", link, link)
      systemRoots.push(link)
    }
  }
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", i.home)
  if (i.runtimeDir !== undefined && i.runtimeDir !== "" && look(i.runtimeDir)._tag === "dir") args.push("--tmpfs", i.runtimeDir)
  // Only real (non-symlink) paths: binding through a link would bind whatever it points at today.
  const exists = (p: string) => {
    const k = look(p)._tag
    return k === "dir" || k === "file"
  }
  for (const p of i.readOnly) {
    if (exists(p) && !systemRoots.some((root) => under(p, root))) args.push("--ro-bind", p, p)
  }
  for (const p of [...i.state, ...i.writable]) if (exists(p)) args.push("--bind", p, p)
  args.push("--bind", i.cwd, i.cwd)
  args.push(
    "--setenv",
    "HOME",
    i.home,
    "--chdir",
    i.cwd,
    "--unshare-pid",
    "--unshare-uts",
    "--unshare-ipc",
    "--hostname",
    "lich-sandbox",
    "--die-with-parent",
    "--"
  )
  return args
}
