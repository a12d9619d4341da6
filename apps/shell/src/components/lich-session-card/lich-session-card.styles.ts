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
  .tools { display: flex; gap: 2px; }
  .close, .more { visibility: hidden; border: 0; background: none; color: var(--muted-foreground); cursor: pointer; font-size: 14px; padding: 0 2px; line-height: 1; }
  .card:hover .close, .card:hover .more, .more[aria-expanded="true"] { visibility: visible; }
  .close:hover { color: var(--destructive); }
  .more:hover { color: var(--foreground); }
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
  .meta { grid-column: 2 / 4; display: flex; gap: 6px; font-size: 11px; color: var(--muted-foreground); min-width: 0; align-items: baseline; }
  .fig { white-space: nowrap; font-variant-numeric: tabular-nums; }
  .fig.diff, .fig.overlap { cursor: pointer; }
  .fig.diff:hover, .fig.overlap:hover { text-decoration: underline; }
  .fig.warn { color: #d97706; }
  .fig.bad { color: var(--destructive); }
  .fig.good { color: #10b981; }
  .fig.checks::before { content: ""; display: inline-block; width: 7px; height: 7px; border-radius: 50%; border: 1.5px solid currentColor; margin-right: 2px; vertical-align: 0; }
  .fig.stale { opacity: 0.6; text-decoration: underline dotted; }
  .stale-mark { font-size: 9px; vertical-align: super; margin-left: 1px; }
  .menu { grid-column: 1 / 4; display: flex; flex-direction: column; margin-top: 6px; padding: 4px; border: 1px solid var(--border); border-radius: 6px; background: var(--popover); color: var(--popover-foreground); cursor: default; }
  .menu .item { font: inherit; font-size: 12px; text-align: left; border: 0; background: none; color: inherit; padding: 4px 8px; border-radius: 4px; cursor: pointer; }
  .menu .item:hover { background: var(--accent); }
  .gh-note { font-size: 11px; color: var(--muted-foreground); padding: 4px 8px; line-height: 1.4; }
  .branch { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .dirty { color: #d97706; }
  .over-cap { grid-column: 2 / 4; font-size: 11px; color: var(--destructive); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .usage { margin-left: auto; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .host-tag {
    grid-column: 2 / 4; justify-self: start; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
    font-size: 10px; line-height: 14px; padding: 0 5px; border-radius: 3px; margin-bottom: 1px;
    color: var(--muted-foreground); background: color-mix(in oklab, var(--muted-foreground) 14%, transparent);
  }
  .host-tag .cut { color: var(--destructive); font-weight: 600; }
  :host([disconnected]) .card { opacity: 0.5; }
  :host([disconnected]) .ring { animation: none; border-style: dashed; border-color: var(--muted-foreground); }
  :host([disconnected]) .ring .glyph { animation: none; }
  .shield { color: var(--muted-foreground); font-size: 11px; }
`
