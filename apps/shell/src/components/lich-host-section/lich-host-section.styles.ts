import { css } from "lit"

export const styles = css`
  :host { display: flex; flex-direction: column; gap: 2px; margin-top: 10px; padding-top: 8px; border-top: 1px solid var(--sidebar-border); }
  .host-header { display: flex; align-items: center; gap: 6px; padding: 2px 6px; font-size: 12px; min-width: 0; flex-wrap: wrap; }
  .host-header .name { font-weight: 600; color: var(--sidebar-foreground); }
  .host-header .dest { flex-basis: 100%; padding-left: 14px; font: 11px ui-monospace, "FiraCode Nerd Font Mono", monospace; color: var(--muted-foreground); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--muted-foreground); flex: none; }
  .dot.connected { background: #10b981; }
  .dot.connecting { background: #f59e0b; }
  .dot.disconnected, .dot.refused, .dot.no-lich { background: var(--destructive); }
  .badge { font-size: 10px; padding: 0 5px; border-radius: 3px; line-height: 15px; color: var(--muted-foreground); background: color-mix(in oklab, var(--muted-foreground) 14%, transparent); white-space: nowrap; }
  .host-header[data-state="disconnected"] .badge, .host-header[data-state="refused"] .badge, .host-header[data-state="no-lich"] .badge { color: var(--destructive); background: color-mix(in oklab, var(--destructive) 14%, transparent); }
  .act { margin-left: auto; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 5px; padding: 0 6px; font: inherit; font-size: 11px; line-height: 17px; cursor: pointer; }
  .act + .act { margin-left: 0; }
  .reason { padding: 0 6px 2px 20px; font-size: 11px; line-height: 1.35; color: var(--muted-foreground); overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; }
  .cards { display: flex; flex-direction: column; gap: 2px; }
  .project { position: relative; display: flex; align-items: center; justify-content: space-between; padding: 8px 6px 2px; font-size: 11px; font-weight: 600; color: var(--muted-foreground); }
  .pname { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .new { position: relative; }
  .new button { border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 5px; padding: 0 6px; cursor: pointer; font: inherit; font-weight: 400; }
  .new lich-new-menu { left: auto; right: 0; }
  .block { padding: 6px 6px 2px 12px; font-size: 11px; color: var(--muted-foreground); }
  .empty { padding: 6px 12px; font-size: 12px; color: var(--muted-foreground); }
`
