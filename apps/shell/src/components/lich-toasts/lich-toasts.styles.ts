import { css } from "lit"

export const styles = css`
  :host { position: fixed; right: 16px; bottom: 36px; display: flex; flex-direction: column; gap: 8px; z-index: 20; pointer-events: none; }
  .toast { pointer-events: auto; min-width: 260px; max-width: 380px; background: var(--popover); color: var(--popover-foreground); border: 1px solid var(--border); border-left: 3px solid var(--muted-foreground); border-radius: 8px; padding: 10px 12px; box-shadow: 0 6px 20px rgb(0 0 0 / 0.18); display: grid; grid-template-columns: 1fr auto; gap: 2px 10px; font-size: 13px; }
  .toast.waiting { border-left-color: #f59e0b; }
  .toast.stalled { border-left-color: #8b5cf6; }
  .toast.error, .toast.cap { border-left-color: var(--destructive); }
  .detail { grid-column: 1; font-size: 12px; color: var(--muted-foreground); }
  button { grid-row: span 2; align-self: center; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 6px; padding: 3px 10px; cursor: pointer; font: inherit; }
`
