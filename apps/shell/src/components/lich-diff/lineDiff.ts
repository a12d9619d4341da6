/**
 * The diff the editors show, found line by line first, as git finds it, then character by character
 * inside each changed stretch. @codemirror/merge's own diff works on characters over the whole file
 * and, past its scan limit (500 by default), gives up: a 5,000-line file with fifty changed lines
 * came back as one change covering the whole file — every line drawn as removed and added again,
 * and seconds of drawing. Lines first keeps the work to the changed stretches: Myers' O(ND) over
 * line ids, then the package's precise diff on each stretch small enough to be worth it.
 */
import { Change, diff } from "@codemirror/merge"

/** Past this many changed lines the two sides are one rewrite; finding more alignment costs O(N·D). */
const MAX_EDITS = 2000
/** A changed stretch longer than this (both sides, in characters) is marked whole, not character by character. */
const REFINE_CHARS = 20_000

interface Lines {
  /** each line's offset, then the text's length */
  readonly starts: ReadonlyArray<number>
  readonly ids: Int32Array
}

/** The lines of `text` (each with its newline), as ids shared through `intern`. */
const linesOf = (text: string, intern: Map<string, number>): Lines => {
  const starts = [0]
  for (let i = text.indexOf("\n"); i !== -1 && i + 1 < text.length; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
  if (text === "") starts.pop()
  starts.push(text.length)
  const ids = new Int32Array(starts.length - 1)
  for (let l = 0; l < ids.length; l++) {
    const line = text.slice(starts[l], starts[l + 1])
    let id = intern.get(line)
    if (id === undefined) {
      id = intern.size
      intern.set(line, id)
    }
    ids[l] = id
  }
  return { starts, ids }
}

/**
 * Which lines of `a[lo..]` and `b[lo..]` (before their common tail) the shortest edit keeps, marked
 * in `keptA`/`keptB`; false when it takes more than MAX_EDITS edits.
 */
const myers = (a: Int32Array, b: Int32Array, lo: number, hiA: number, hiB: number, keptA: Uint8Array, keptB: Uint8Array): boolean => {
  const n = hiA - lo
  const m = hiB - lo
  const off = n + m + 1
  const v = new Int32Array(2 * off + 1)
  const trace: Array<Int32Array> = []
  for (let d = 0; d <= Math.min(n + m, MAX_EDITS); d++) {
    trace.push(v.slice(off - d, off + d + 1))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[lo + x] === b[lo + y]) {
        x++
        y++
      }
      v[off + k] = x
      if (x >= n && y >= m) return backtrack(trace, n, m, lo, keptA, keptB)
    }
  }
  return false
}

/** Walks the edit back from the end, marking the lines each snake keeps. */
const backtrack = (trace: ReadonlyArray<Int32Array>, n: number, m: number, lo: number, keptA: Uint8Array, keptB: Uint8Array) => {
  const keep = (i: number, j: number) => {
    keptA[lo + i] = 1
    keptB[lo + j] = 1
  }
  let x = n
  let y = m
  for (let d = trace.length - 1; d > 0; d--) {
    const at = (k: number) => trace[d]![k + d]!
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const px = at(down ? k + 1 : k - 1)
    const midX = down ? px : px + 1
    while (x > midX) keep(--x, --y)
    x = px
    y = px - (down ? k + 1 : k - 1)
  }
  while (x > 0) keep(--x, --y)
  return true
}

/** The stretches of lines neither side keeps, as [fromA, toA, fromB, toB] in lines. */
const stretches = (n: number, m: number, keptA: Uint8Array, keptB: Uint8Array): Array<[number, number, number, number]> => {
  const out: Array<[number, number, number, number]> = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && keptA[i] && keptB[j]) {
      i++
      j++
    } else {
      const [fa, fb] = [i, j]
      while (i < n && !keptA[i]) i++
      while (j < m && !keptB[j]) j++
      out.push([fa, i, fb, j])
    }
  }
  return out
}

/** The changes from `a` to `b`, in character offsets, for @codemirror/merge's `diffConfig.override`. */
export const lineDiff = (a: string, b: string): ReadonlyArray<Change> => {
  const intern = new Map<string, number>()
  const la = linesOf(a, intern)
  const lb = linesOf(b, intern)
  const n = la.ids.length
  const m = lb.ids.length
  const keptA = new Uint8Array(n)
  const keptB = new Uint8Array(m)
  let lo = 0
  while (lo < n && lo < m && la.ids[lo] === lb.ids[lo]) lo++
  let hiA = n
  let hiB = m
  while (hiA > lo && hiB > lo && la.ids[hiA - 1] === lb.ids[hiB - 1]) {
    hiA--
    hiB--
  }
  keptA.fill(1, 0, lo).fill(1, hiA)
  keptB.fill(1, 0, lo).fill(1, hiB)
  // Too different to align: the middle is one rewrite (its lines stay unkept).
  if (!myers(la.ids, lb.ids, lo, hiA, hiB, keptA, keptB)) {
    keptA.fill(0, lo, hiA)
    keptB.fill(0, lo, hiB)
  }
  const changes: Array<Change> = []
  for (const [fa, ta, fb, tb] of stretches(n, m, keptA, keptB)) {
    const [sa, ea, sb, eb] = [la.starts[fa]!, la.starts[ta]!, lb.starts[fb]!, lb.starts[tb]!]
    if (sa < ea && sb < eb && ea - sa + (eb - sb) <= REFINE_CHARS) {
      for (const c of diff(a.slice(sa, ea), b.slice(sb, eb), { scanLimit: 500 }))
        changes.push(new Change(c.fromA + sa, c.toA + sa, c.fromB + sb, c.toB + sb))
    } else changes.push(new Change(sa, ea, sb, eb))
  }
  return changes
}
