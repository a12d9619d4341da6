import { css } from "lit"

export const styles = css`
  :host { display: flex; align-items: stretch; gap: 2px; padding: 0 8px; height: 36px; background: var(--background); border-bottom: 1px solid var(--border); }
  .brand { display: flex; align-items: center; padding: 0 10px 0 4px; font-weight: 600; letter-spacing: 0.04em; color: var(--muted-foreground); font-size: 12px; }
  button { border: 0; background: none; color: var(--muted-foreground); font: inherit; font-size: 13px; padding: 0 12px; cursor: pointer; display: flex; align-items: center; gap: 6px; border-bottom: 2px solid transparent; }
  button:hover { color: var(--foreground); }
  button[aria-selected="true"] { color: var(--foreground); border-bottom-color: var(--primary); }
  .x { opacity: 0; font-size: 14px; line-height: 1; padding: 0 2px; border-radius: 3px; }
  button:hover .x, button[aria-selected="true"] .x { opacity: 0.6; }
  .x:hover { opacity: 1; color: var(--destructive); }
  .open { font-size: 16px; padding: 0 10px; }
  .spacer { flex: 1; }
  .tool { font-size: 12px; padding: 0 8px; }
  .badge { width: 7px; height: 7px; border-radius: 50%; }
  .badge.waiting { background: #f59e0b; }
  .badge.busy { background: var(--muted-foreground); }
  .badge.done { background: #10b981; }
`
