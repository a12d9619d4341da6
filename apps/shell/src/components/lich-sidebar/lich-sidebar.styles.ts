import { css } from "lit"

export const styles = css`
  :host { display: flex; flex-direction: column; min-height: 0; background: var(--sidebar); color: var(--sidebar-foreground); border-right: 1px solid var(--sidebar-border); }
  .top { display: flex; align-items: center; justify-content: space-between; padding: 8px 10px; font-size: 12px; color: var(--muted-foreground); }
  .list { flex: 1; overflow-y: auto; padding: 0 6px 8px; display: flex; flex-direction: column; gap: 2px; }
  .header { display: flex; align-items: center; gap: 6px; padding: 10px 6px 4px; font-size: 11px; font-weight: 600; text-transform: none; color: var(--muted-foreground); letter-spacing: 0.02em; }
  .header .swatch { width: 8px; height: 8px; border-radius: 50%; }
  .header .mark { margin-left: auto; font-weight: 400; }
  .header .mark.wait { color: #f59e0b; }
  .header .mark.done { color: #10b981; }
  .new { position: relative; }
  .new button { border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 6px; padding: 2px 8px; cursor: pointer; font: inherit; }
  .new lich-new-menu { left: auto; right: 0; }
  .empty { padding: 16px 12px; font-size: 12px; color: var(--muted-foreground); }
`
