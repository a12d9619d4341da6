/**
 * A card's menu (⋯ or a right-click): its changes in the dock, reading its checkout again, pull
 * requests — or, where gh cannot open them, the one line that says why (not installed, logged out),
 * never an error dialog — then rename and close. Drawn inside the card, below it, so the sidebar's
 * scrolling never clips it.
 */
import { html, nothing } from "lit"
import type { SessionGitWire } from "../../api/wire.js"

export type CardMenuItem = "dock" | "refresh" | "open-pr" | "pr-list" | "rename" | "close"

const row = (item: CardMenuItem, label: string, pick: (i: CardMenuItem) => void) =>
  html`<button class="item" role="menuitem" data-item=${item}
    @click=${(e: Event) => {
      e.stopPropagation()
      pick(item)
    }}>${label}</button>`

export const renderCardMenu = (git: SessionGitWire | undefined, gh: string, pick: (i: CardMenuItem) => void) => {
  const repo = git?.repository === true
  const canPr = repo && git.branch !== "" && git.base !== "" && git.base !== "HEAD" && git.pr === undefined
  return html`<div class="menu" role="menu" @click=${(e: Event) => e.stopPropagation()}>
    ${row("dock", "Changes", pick)}
    ${repo ? row("refresh", "Read the checkout again", pick) : nothing}
    ${
      repo
        ? gh !== ""
          ? html`<div class="gh-note" data-gh="unavailable">${gh}</div>`
          : html`${canPr ? row("open-pr", "Open a pull request…", pick) : nothing}${row("pr-list", "Pull requests of this project…", pick)}`
        : nothing
    }
    ${row("rename", "Rename", pick)}
    ${row("close", "Close", pick)}
  </div>`
}
