import { css } from "lit"

export const styles = css`
  :host { display: block; }
  .card {
    display: grid; grid-template-columns: 22px 1fr auto; column-gap: 8px; align-items: center;
    padding: 6px 10px; border-radius: 6px; cursor: pointer; user-select: none;
    background: var(--tint-rest, transparent); color: var(--sidebar-foreground);
  }
  .card:hover { background: var(--tint-hover, var(--sidebar-accent)); }
  :host([active]) .card { background: var(--tint-active, var(--sidebar-accent)); color: var(--sidebar-accent-foreground); }
  :host([exited]) .label { opacity: 0.55; }
  .ring {
    grid-row: span 3; width: 20px; height: 20px; border-radius: 50%; display: grid; place-items: center;
    font-size: 12px; box-sizing: border-box; border: 2px solid transparent; align-self: start;
  }
  .ring.busy { border-color: var(--muted-foreground); border-top-color: transparent; animation: spin 1s linear infinite; }
  .ring.busy .glyph { animation: spin 1s linear infinite reverse; }
  .ring.done { border-color: #10b981; }
  .ring.waiting { border-color: #f59e0b; background: color-mix(in oklab, #f59e0b 20%, transparent); }
  @keyframes spin { to { transform: rotate(360deg); } }
  .label { font-weight: 500; font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .label input { font: inherit; width: 100%; box-sizing: border-box; background: var(--background); color: var(--foreground); border: 1px solid var(--ring); border-radius: 4px; padding: 0 4px; }
  .close { visibility: hidden; border: 0; background: none; color: var(--muted-foreground); cursor: pointer; font-size: 14px; padding: 0 2px; }
  .card:hover .close { visibility: visible; }
  .close:hover { color: var(--destructive); }
  .relay { grid-column: 2 / 4; font-size: 12px; color: var(--muted-foreground); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .relay.out { color: #3b82f6; }
  .relay.in { color: #8b5cf6; }
  .path {
    grid-column: 2 / 4; font: 11px ui-monospace, "FiraCode Nerd Font Mono", monospace; color: var(--muted-foreground);
    white-space: nowrap; overflow: hidden; direction: rtl; text-align: left; text-overflow: ellipsis;
  }
  .status { grid-column: 2 / 4; font-size: 12px; color: var(--muted-foreground); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .status.waiting { color: #d97706; }
  .status.busy { font-family: ui-monospace, "Lich Mono", monospace; font-size: 11px; }
  .status.origin { font-style: italic; }
  .meta { grid-column: 2 / 4; display: flex; gap: 8px; font-size: 11px; color: var(--muted-foreground); min-width: 0; }
  .branch { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .dirty { color: #d97706; }
  .usage { margin-left: auto; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .shield { color: var(--muted-foreground); font-size: 11px; }
`
