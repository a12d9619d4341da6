import { css } from "lit"

export const styles = css`
  :host { position: absolute; left: 0; top: 100%; margin-top: 4px; z-index: 25; }
  .menu { background: var(--popover); color: var(--popover-foreground); border: 1px solid var(--border); border-radius: 8px; padding: 4px; width: 262px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.2); display: flex; flex-direction: column; outline: none; font-size: 13px; }
  .row { display: grid; grid-template-columns: 1fr; padding: 5px 8px; border-radius: 5px; cursor: pointer; }
  .row .detail { font-size: 11px; color: var(--muted-foreground); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .row[aria-selected=true], .row:hover:not(.missing) { background: var(--accent); color: var(--accent-foreground); }
  .row.missing { cursor: default; opacity: 0.65; }
  .row.missing .title::after { content: " — not installed"; font-size: 11px; color: var(--muted-foreground); }
  .sep { height: 1px; background: var(--border); margin: 4px 2px; }
`
