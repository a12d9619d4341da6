/**
 * Three small file questions the doctor asks and other parts of lich ask too: is this an executable
 * regular file, where on PATH is a command, and what does a read of this file come to when it may not exist. Only `node:fs` and `node:path`
 * here, so a caller that imports `@lich/doctor/files` pulls in nothing else of the doctor.
 */
import * as fs from "node:fs"
import * as path from "node:path"

/**
 * True when `file` names a regular file this process may execute. A missing file is answered
 * without an exception: a PATH search asks this of every directory for every name (`lich plugin`:
 * five names), and each thrown ENOENT is an Error with its stack — ~150 KB of garbage per call.
 */
export const isExecutableFile = (file: string): boolean => {
  try {
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile() !== true) return false
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Opens `file` for reading, hands its descriptor to `use` and closes it whatever `use` does;
 * undefined when the file cannot be opened (absent, unreadable). One descriptor for the whole read,
 * so a size taken with fstat belongs to the same file the bytes come from.
 */
export const withOpenFile = <A>(file: string, use: (fd: number) => A): A | undefined => {
  let fd: number
  try {
    fd = fs.openSync(file, "r")
  } catch {
    return undefined
  }
  try {
    return use(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** Where `name` resolves on `pathEnv` (a path with a separator is taken as it is); undefined when nowhere. */
export const whichOn = (pathEnv: string, name: string, isExecutable = isExecutableFile): string | undefined => {
  if (name.includes(path.sep)) return isExecutable(path.resolve(name)) ? path.resolve(name) : undefined
  for (const dir of pathEnv.split(path.delimiter)) {
    if (dir === "") continue
    const file = path.join(dir, name)
    if (isExecutable(file)) return file
  }
  return undefined
}
