import { css } from "lit"
import { dialogStyles } from "../dialog.styles.js"

export const styles = [
  dialogStyles,
  css`
  :host { position: static; display: flex; flex-direction: column; align-items: stretch; gap: 10px; padding: 0; background: none; z-index: auto; }
  .plugin { display: flex; flex-direction: column; gap: 6px; padding: 10px 0; border-bottom: 1px solid var(--border); }
  .plugin h3 { margin: 0; font-size: 13px; display: flex; gap: 8px; align-items: baseline; }
  .plugin h3 .found { font-weight: 400; font-size: 11px; color: var(--muted-foreground); }
  .plugin h3 .missing { font-weight: 400; font-size: 11px; color: #d97706; }
  .plugin[data-state=current] .summary { color: #10b981; }
  .plugin[data-state=outdated] .summary { color: #d97706; }
  .where { display: flex; flex-wrap: wrap; gap: 4px; }
  .where code { font-size: 11px; color: var(--muted-foreground); }
  .buttons { display: flex; gap: 8px; }
  .lead { padding: 0; }
`
]
