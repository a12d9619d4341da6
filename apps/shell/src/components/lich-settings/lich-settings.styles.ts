import { css } from "lit"
import { dialogStyles } from "../dialog.styles.js"

export const styles = [
  dialogStyles,
  css`
  :host { padding-top: 6vh; }
  .panel { width: min(860px, calc(100vw - 32px)); height: min(640px, 86vh); max-height: none; }
  .frame { display: grid; grid-template-columns: 150px 1fr; min-height: 0; flex: 1; }
  nav { display: flex; flex-direction: column; gap: 2px; padding: 8px; border-right: 1px solid var(--border); }
  nav button { text-align: left; border: 0; background: none; padding: 5px 10px; }
  nav button[aria-selected=true] { background: var(--accent); color: var(--accent-foreground); }
  .body { gap: 14px; }
  .provider { display: grid; grid-template-columns: 1fr 1fr 140px; gap: 8px 10px; padding: 10px 0; border-bottom: 1px solid var(--border); }
  .provider h3 { grid-column: 1 / -1; margin: 0; font-size: 13px; display: flex; gap: 8px; align-items: baseline; }
  .provider h3 .found { font-weight: 400; font-size: 11px; color: var(--muted-foreground); }
  .provider h3 .missing { font-weight: 400; font-size: 11px; color: #d97706; }
  .provider .wide { grid-column: 1 / -1; }
  .saved { font-size: 11px; color: #10b981; }
  .top { display: flex; align-items: center; justify-content: space-between; padding-right: 16px; }
`
]
