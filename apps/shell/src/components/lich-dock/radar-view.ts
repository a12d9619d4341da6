/**
 * The conflict radar in the dock: each other live session of the project that changes some of the
 * same files, the files, and one click to tell either side (a note through the relay, so the agent
 * reads it like any message). The card shows the same overlaps; both come from one read.
 */
import { html, nothing } from "lit"
import type { SessionGitWire } from "../../api/wire.js"
import { shownPath } from "./files-view.js"

export const radarView = (
  g: SessionGitWire,
  label: string,
  busy: ReadonlySet<string>,
  note: (id: string, other: string) => void,
  pick: (path: string) => void
) => {
  if (g.overlaps.length === 0) return nothing
  return html`<section class="radar">
    <h3><span>Also changed elsewhere</span></h3>
    ${g.overlaps.map(
      (o) => html`<div class="overlap" data-other=${o.id}>
        <div class="line">⚠ <b>${o.label}</b> changes ${o.files.length === 1 ? "this file too" : `these ${o.files.length} files too`}:</div>
        <div class="paths">${o.files.map((f) => html`<button class="link" data-path=${f} @click=${() => pick(f)}>${shownPath(f)}</button>`)}</div>
        <div class="acts">
          <button data-act="note-me" ?disabled=${busy.has(`note:${g.id}:${o.id}`)} @click=${() => note(g.id, o.id)}>Tell “${label}”</button>
          <button data-act="note-other" ?disabled=${busy.has(`note:${o.id}:${g.id}`)} @click=${() => note(o.id, g.id)}>Tell “${o.label}”</button>
        </div>
      </div>`
    )}
  </section>`
}
