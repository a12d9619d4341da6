/**
 * The sidebar's blocks: a card in a folder sits in that folder's block, any other card in its
 * checkout's. Blocks appear in the order their first card appears in the stored list, so moving a
 * card never reshuffles the blocks around it. Checkouts key by spawn-time path ("" = the project's
 * own directory), never by where a shell has cd'd to since. Folder names match exactly.
 */
import type { Card } from "./model.js"

export interface Group {
  readonly key: string
  readonly kind: "folder" | "checkout"
  /** the header: the folder's name, or the checkout's branch (or directory name); "" = no header */
  readonly title: string
  /** the colour every card in a folder shares, "" when they differ or have none */
  readonly color: string
  readonly cards: ReadonlyArray<Card>
}

const baseName = (p: string) => p.replace(/\/+$/, "").split("/").pop() ?? p

export const groupCards = (cards: ReadonlyArray<Card>): Array<Group> => {
  const blocks = new Map<string, { kind: Group["kind"]; title: string; cards: Array<Card> }>()
  for (const c of cards) {
    const key = c.folder !== "" ? `folder:${c.folder}` : `checkout:${c.path}`
    let b = blocks.get(key)
    if (!b) {
      b =
        c.folder !== ""
          ? { kind: "folder", title: c.folder, cards: [] }
          : { kind: "checkout", title: c.path === "" ? "" : c.branch || baseName(c.path), cards: [] }
      blocks.set(key, b)
    }
    b.cards.push(c)
  }
  return [...blocks].map(([key, b]) => {
    const colors = new Set(b.cards.map((c) => c.color))
    return { key, kind: b.kind, title: b.title, color: b.kind === "folder" && colors.size === 1 ? [...colors][0]! : "", cards: b.cards }
  })
}

/** A collapsed or background block's mark: someone waiting beats a finished turn. */
export const blockMark = (cards: ReadonlyArray<Card>): "wait" | "done" | "" =>
  cards.some((c) => c.state === "waiting") ? "wait" : cards.some((c) => c.state === "done") ? "done" : ""
