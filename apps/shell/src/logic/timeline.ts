/**
 * The relay timeline's drawing as pure functions: which errands a view shows, one lane per session,
 * each errand an arrow from its sender's lane to its target's and a bar on the target's lane from
 * its send to its end (to now while open), in its outcome's colour. Bars that overlap in time on one
 * lane (a fan-out queued behind one target) take rows of their own, so 200 in flight stay apart.
 * The SVG is built as one string: 10,000 errands are one parse for the browser, not 10,000 templates.
 */
import type { ErrandRecord } from "@lich/contract"

export interface View {
  /** The right edge, ms since the epoch (now, for a live view). */
  readonly end: number
  readonly spanMs: number
  /** Pixels for the time axis (the lanes' names take LABEL_W more). */
  readonly width: number
  /** A session's id ("" = every one), and a status ("" = every one). */
  readonly session: string
  readonly status: string
}

export const LABEL_W = 150
const LANE_PAD = 10
const ROW_H = 6
const MAX_ROWS = 40
const AXIS_H = 22

export interface Lane {
  readonly key: string
  readonly label: string
  readonly y: number
  readonly height: number
}

export interface Bar {
  readonly r: ErrandRecord
  readonly x0: number
  readonly x1: number
  readonly y: number
  readonly fromY: number
}

export interface Layout {
  readonly lanes: ReadonlyArray<Lane>
  readonly bars: ReadonlyArray<Bar>
  readonly height: number
  readonly width: number
}

/** 0: the zoom that fits every errand of the project, from the first one to now. */
export const FIT = 0

/** The span `FIT` draws: from a little before the oldest errand to now (10 s at the least). */
export const fitSpan = (records: ReadonlyArray<ErrandRecord>, now: number): number => {
  const oldest = records.reduce((m, r) => Math.min(m, r.createdAt), now)
  return Math.max(10_000, (now - oldest) * 1.08)
}

/** The zooms offered, from minutes to days (and the one that fits them all). */
export const SPANS: ReadonlyArray<{ readonly label: string; readonly ms: number }> = [
  { label: "fit", ms: FIT },
  { label: "5 min", ms: 5 * 60_000 },
  { label: "15 min", ms: 15 * 60_000 },
  { label: "1 h", ms: 3_600_000 },
  { label: "6 h", ms: 6 * 3_600_000 },
  { label: "1 day", ms: 86_400_000 },
  { label: "7 days", ms: 7 * 86_400_000 }
]

export const senderKey = (r: ErrandRecord): string => (r.via === "session" ? r.senderId : `via:${r.via}`)
export const senderName = (r: ErrandRecord): string =>
  r.via === "session" ? r.senderLabel : r.via === "cli" ? "the command line" : r.via === "window" ? "the window" : `${r.senderLabel} (host)`

const endOf = (r: ErrandRecord, now: number) => (r.endedAt > 0 ? r.endedAt : now)

/** The errands a view shows: its filters, and any part of their life inside its window. */
export const visible = (records: Iterable<ErrandRecord>, v: View): Array<ErrandRecord> => {
  const start = v.end - v.spanMs
  const out: Array<ErrandRecord> = []
  for (const r of records) {
    if (v.session !== "" && r.senderId !== v.session && r.targetId !== v.session) continue
    if (v.status !== "" && r.status !== v.status) continue
    if (r.createdAt > v.end || endOf(r, v.end) < start) continue
    out.push(r)
  }
  // Oldest first, whatever order the records arrived in: lanes and rows are read in time order.
  return out.sort((a, b) => a.createdAt - b.createdAt)
}

/** Lanes in the order their sessions first appear (senders before their targets), then the bars in rows. */
export const layout = (records: ReadonlyArray<ErrandRecord>, v: View): Layout => {
  const x = (t: number) => LABEL_W + Math.max(0, Math.min(v.width, ((t - (v.end - v.spanMs)) / v.spanMs) * v.width))
  const names = new Map<string, string>()
  for (const r of records) {
    if (!names.has(senderKey(r))) names.set(senderKey(r), senderName(r))
    if (!names.has(r.targetId)) names.set(r.targetId, r.targetLabel)
  }
  // Rows per lane: each bar takes the first row free at its start.
  const rowEnds = new Map<string, Array<number>>()
  const rowOf = new Map<string, number>()
  for (const r of records) {
    const ends = rowEnds.get(r.targetId) ?? []
    const x0 = x(r.createdAt)
    let row = ends.findIndex((e) => e < x0)
    if (row === -1) row = ends.length < MAX_ROWS ? ends.length : ends.length - 1
    ends[row] = Math.max(x(endOf(r, v.end)), x0 + 2)
    rowEnds.set(r.targetId, ends)
    rowOf.set(r.ticket, row)
  }
  const lanes: Array<Lane> = []
  let y = AXIS_H
  for (const [key, label] of names) {
    const height = LANE_PAD * 2 + Math.max(1, rowEnds.get(key)?.length ?? 0) * ROW_H
    lanes.push({ key, label, y, height })
    y += height
  }
  const laneY = new Map(lanes.map((l) => [l.key, l]))
  const bars = records.map((r): Bar => {
    const to = laneY.get(r.targetId)!
    const from = laneY.get(senderKey(r))!
    const x0 = x(r.createdAt)
    return {
      r,
      x0,
      x1: Math.max(x(endOf(r, v.end)), x0 + 2),
      y: to.y + LANE_PAD + rowOf.get(r.ticket)! * ROW_H,
      fromY: from.y + from.height / 2
    }
  })
  return { lanes, bars, height: y + 4, width: LABEL_W + v.width }
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const pad = (n: number) => String(n).padStart(2, "0")
export const clock = (t: number, spanMs: number): string => {
  const d = new Date(t)
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`
  return spanMs > 86_400_000 ? `${d.getMonth() + 1}/${d.getDate()} ${hm}` : spanMs <= 15 * 60_000 ? `${hm}:${pad(d.getSeconds())}` : hm
}

const axis = (v: View, height: number): string => {
  const ticks = 6
  let out = ""
  for (let i = 0; i <= ticks; i++) {
    const px = LABEL_W + (v.width * i) / ticks
    out += `<line class="grid" x1="${px}" x2="${px}" y1="${AXIS_H - 4}" y2="${height}"/>`
    out += `<text class="tick" x="${px}" y="12" text-anchor="${i === 0 ? "start" : i === ticks ? "end" : "middle"}">${clock(v.end - v.spanMs + (v.spanMs * i) / ticks, v.spanMs)}</text>`
  }
  return out
}

/**
 * The whole drawing. The bars of one outcome are one path, and so are its arrows: 10,000 errands
 * are a few dozen elements, not 40,000 (measured: 1.3 s for 10,000 as an element each). Which errand
 * is under the pointer is read off the layout (`hit`), not the DOM; the selected one is drawn again on top.
 */
export const timelineSvg = (l: Layout, v: View, selected: string): string => {
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" class="timeline">`
  for (const lane of l.lanes)
    out += `<rect class="lane" x="0" y="${lane.y}" width="${l.width}" height="${lane.height}"/><text class="lane-name" x="8" y="${lane.y + lane.height / 2 + 4}">${escapeXml(lane.label.slice(0, 22))}</text>`
  out += axis(v, l.height)
  const bars = new Map<string, Array<string>>()
  const arrows = new Map<string, Array<string>>()
  for (const b of l.bars) {
    const down = b.y > b.fromY
    const tip = down ? b.y - 1 : b.y + ROW_H - 3
    const head = down ? -4 : 4
    const w = (b.x1 - b.x0).toFixed(1)
    const x = b.x0.toFixed(1)
    ;(bars.get(b.r.status) ?? bars.set(b.r.status, []).get(b.r.status)!).push(`M${x} ${b.y}h${w}v${ROW_H - 2}h-${w}z`)
    ;(arrows.get(b.r.status) ?? arrows.set(b.r.status, []).get(b.r.status)!).push(
      `M${x} ${b.fromY}V${tip}M${b.x0 - 3} ${tip + head}L${x} ${tip}L${b.x0 + 3} ${tip + head}`
    )
  }
  for (const [status, d] of arrows) out += `<path class="arrows s-${status}" d="${d.join("")}"/>`
  for (const [status, d] of bars) out += `<path class="bars s-${status}" d="${d.join("")}"/>`
  const sel = l.bars.find((b) => b.r.ticket === selected)
  if (sel) out += `<rect class="selected" x="${sel.x0 - 1}" y="${sel.y - 1}" width="${sel.x1 - sel.x0 + 2}" height="${ROW_H}"/>`
  return `${out}</svg>`
}

/** The errand drawn under a point of the drawing (its bar, or its arrow within 3 px), the latest on top. */
export const hit = (l: Layout, x: number, y: number): Bar | undefined => {
  for (let i = l.bars.length - 1; i >= 0; i--) {
    const b = l.bars[i]!
    if (x >= b.x0 - 2 && x <= b.x1 + 2 && y >= b.y - 1 && y <= b.y + ROW_H) return b
  }
  for (let i = l.bars.length - 1; i >= 0; i--) {
    const b = l.bars[i]!
    if (Math.abs(x - b.x0) <= 3 && y >= Math.min(b.fromY, b.y) && y <= Math.max(b.fromY, b.y)) return b
  }
  return undefined
}

/** How many errands of each outcome a layout draws ("answered:5 unanswered:1"), for the page to say. */
export const countsOf = (l: Layout): string => {
  const n = new Map<string, number>()
  for (const b of l.bars) n.set(b.r.status, (n.get(b.r.status) ?? 0) + 1)
  return [...n]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, c]) => `${s}:${c}`)
    .join(" ")
}

/** 850 ms, 12 s, 4 min 5 s, 2 h 10 min. */
export const duration = (ms: number): string => {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`
  const s = Math.round(ms / 1_000)
  if (s < 60) return `${s} s`
  if (s < 3_600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3_600)} h ${Math.floor((s % 3_600) / 60)} min`
}

/** Each step with the time since the one before: what a hover shows. */
export const stepLines = (r: ErrandRecord): Array<string> =>
  r.steps.map(
    (s, i) => `+${duration(s.at - (i === 0 ? r.createdAt : r.steps[i - 1]!.at))}  ${s.step}${s.detail === "" ? "" : ` — ${s.detail}`}`
  )

export const spendLine = (r: ErrandRecord): string =>
  r.spend === undefined
    ? "spend: not read (never handed over, or still open)"
    : `spend: $${r.spend.costUsd.toFixed(2)} ${r.spend.source === "" ? "unpriced — a lower bound" : r.spend.source}`
