import { css } from "lit"

export const styles = css`
  :host { display: block; min-height: 0; position: relative; }
  .frame { height: 100%; }
  .frame > .cm-editor, .frame > .cm-mergeView { height: 100%; }
  .cm-mergeView { overflow-y: auto; }
  .note { border: 1px solid var(--border); border-radius: 6px; background: var(--card); color: var(--card-foreground); padding: 6px 8px; max-width: 640px; font-size: 12px; line-height: 1.45; }
  .note.reviewer { border-left: 3px solid #8b5cf6; }
  .note.person { border-left: 3px solid #f59e0b; }
  .note.sent { opacity: 0.7; }
  .note.form { border-left: 3px solid #3b82f6; }
  .head { display: flex; gap: 8px; align-items: baseline; margin-bottom: 4px; }
  .who { font-weight: 600; }
  .where { color: var(--muted-foreground); font-size: 11px; }
  .badge { font-size: 10px; padding: 0 5px; border-radius: 999px; border: 1px solid var(--border); color: var(--muted-foreground); }
  .badge.outdated { color: #d97706; border-color: #d97706; }
  .text { white-space: pre-wrap; overflow-wrap: anywhere; }
  textarea { width: 100%; box-sizing: border-box; font: 12px/1.45 Geist, Inter, system-ui, sans-serif; resize: vertical; background: var(--background); color: var(--foreground); border: 1px solid var(--input); border-radius: 4px; padding: 4px 6px; }
  textarea:focus { outline: 2px solid var(--ring); outline-offset: -1px; }
  .acts { display: flex; gap: 6px; margin-top: 4px; }
  .acts.inline { margin: 0 0 0 auto; }
  button { font: 12px Geist, Inter, system-ui, sans-serif; padding: 1px 8px; border-radius: 4px; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); cursor: pointer; }
  button.primary { background: var(--primary); color: var(--primary-foreground); border-color: var(--primary); }
  button:disabled { opacity: 0.5; cursor: default; }
`
