import { css } from "lit"

export const styles = css`
  :host { display: flex; align-items: center; gap: 16px; height: 24px; padding: 0 12px; border-top: 1px solid var(--border); background: var(--background); color: var(--muted-foreground); font: 12px/1 Geist, Inter, system-ui, sans-serif; overflow: hidden; white-space: nowrap; }
  .part { display: inline-flex; align-items: center; gap: 6px; }
  svg { width: 14px; height: 14px; transform: rotate(-90deg); }
  .track { stroke: var(--muted); }
  .fill { stroke: var(--muted-foreground); }
  .bar { display: inline-block; width: 56px; height: 5px; border-radius: 3px; background: var(--muted); overflow: hidden; }
  .bar > i { display: block; height: 100%; background: var(--muted-foreground); }
  .warn .bar > i, .warn .fill { background: #f59e0b; stroke: #f59e0b; }
  .warn .pct { color: #f59e0b; }
  .alarm .bar > i, .alarm .fill { background: var(--destructive); stroke: var(--destructive); }
  .alarm .pct { color: var(--destructive); }
  .stale, .reset { opacity: 0.6; font-style: italic; }
  .mono { font-family: "FiraCode Nerd Font Mono", ui-monospace, monospace; }
  .spacer { flex: 1; }
  .over { color: var(--destructive); }
  button { font: inherit; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 4px; padding: 1px 8px; cursor: pointer; }
`
