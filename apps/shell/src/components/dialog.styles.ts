/** The look every dialog shares: a centred panel over a dimmed window, rows not boxes. */
import { css } from "lit"

export const dialogStyles = css`
  :host { position: fixed; inset: 0; z-index: 30; display: grid; place-items: start center; padding-top: 12vh; background: rgb(0 0 0 / 0.4); }
  .panel { width: min(560px, calc(100vw - 32px)); max-height: 76vh; display: flex; flex-direction: column; background: var(--popover); color: var(--popover-foreground); border: 1px solid var(--border); border-radius: 10px; box-shadow: 0 18px 50px rgb(0 0 0 / 0.3); overflow: hidden; font: 13px/1.45 Geist, Inter, system-ui, sans-serif; }
  h2 { margin: 0; padding: 14px 16px 4px; font-size: 14px; font-weight: 600; }
  .lead { padding: 0 16px 10px; color: var(--muted-foreground); font-size: 12px; }
  .body .lead { padding: 0; }
  .body { padding: 4px 16px 12px; overflow-y: auto; display: flex; flex-direction: column; gap: 10px; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: var(--muted-foreground); }
  label.check { flex-direction: row; align-items: center; gap: 8px; color: var(--foreground); font-size: 13px; }
  input[type=text], input:not([type]), select, textarea { font: 13px ui-monospace, "Lich Mono", monospace; color: var(--foreground); background: var(--background); border: 1px solid var(--input); border-radius: 6px; padding: 6px 8px; outline: none; }
  input:focus, select:focus, textarea:focus, button:focus-visible { outline: 2px solid var(--ring); outline-offset: 1px; }
  textarea { min-height: 90px; resize: vertical; }
  .row2 { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; padding: 10px 16px; border-top: 1px solid var(--border); }
  button { font: inherit; border-radius: 6px; padding: 5px 12px; cursor: pointer; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); }
  button.primary { background: var(--primary); color: var(--primary-foreground); border-color: var(--primary); }
  button.danger { background: var(--destructive); color: #fff; border-color: var(--destructive); }
  button:disabled { opacity: 0.5; cursor: default; }
  .list { display: flex; flex-direction: column; }
  .item { display: flex; gap: 10px; align-items: baseline; padding: 6px 10px; border-radius: 6px; cursor: pointer; }
  .item[aria-selected=true] { background: var(--accent); color: var(--accent-foreground); }
  .item .detail { color: var(--muted-foreground); font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; margin-left: auto; direction: rtl; }
  .item .hint { color: var(--muted-foreground); font-size: 11px; }
  .section { font-size: 11px; font-weight: 600; color: var(--muted-foreground); padding: 8px 10px 2px; }
  .error { color: var(--destructive); font-size: 12px; }
  kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; padding: 0 5px; background: var(--muted); color: var(--foreground); }
  code { font: 12px ui-monospace, monospace; background: var(--muted); padding: 1px 5px; border-radius: 4px; }
`

/** Escape anywhere in a dialog dismisses it. */
export const dismissEvent = () => new CustomEvent("lich-dismiss", { bubbles: true, composed: true })
