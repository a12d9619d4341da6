import { css } from "lit"

export const styles = css`
  :host { display: flex; min-width: 0; min-height: 0; background: var(--background); color: var(--foreground); border-left: 1px solid var(--border); position: relative; }
  .seam { position: absolute; left: -3px; top: 0; bottom: 0; width: 6px; cursor: col-resize; z-index: 2; }
  .seam:hover { background: color-mix(in oklab, var(--ring) 40%, transparent); }
  .dock { display: flex; flex-direction: column; flex: 1; min-width: 0; min-height: 0; }
  header { display: flex; align-items: center; gap: 8px; padding: 0 6px 0 12px; height: 32px; border-bottom: 1px solid var(--border); flex: none; }
  .title { font-weight: 600; }
  .label { color: var(--muted-foreground); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
  button { font: inherit; font-size: 12px; padding: 2px 8px; border-radius: 6px; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); cursor: pointer; }
  button:disabled { opacity: 0.5; cursor: default; }
  button.primary { background: var(--primary); color: var(--primary-foreground); border-color: var(--primary); }
  button.icon { border: 0; background: none; color: var(--muted-foreground); font-size: 15px; padding: 0 4px; }
  button.icon:hover { color: var(--foreground); }
  button.link { border: 0; background: none; padding: 0; color: inherit; text-decoration: underline dotted; font: 11px ui-monospace, "Lich Mono", monospace; }
  .summary { display: flex; gap: 8px; align-items: baseline; padding: 6px 12px; font-size: 12px; border-bottom: 1px solid var(--border); flex: none; flex-wrap: wrap; }
  .branch { font-weight: 500; }
  .base { color: var(--muted-foreground); }
  .fig.warn, .stale { color: #d97706; }
  .fig.bad { color: var(--destructive); font-weight: 600; }
  .stale { font-size: 11px; text-decoration: underline dotted; }
  .lists { flex: 1; overflow: auto; min-height: 0; }
  .lists.short { flex: 0 1 auto; max-height: 38%; border-bottom: 1px solid var(--border); }
  h3 { display: flex; gap: 8px; align-items: baseline; margin: 0; padding: 8px 12px 4px; font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted-foreground); }
  h3 .count, h3 .counts { text-transform: none; letter-spacing: 0; font-weight: 400; }
  h3 .counts { margin-left: auto; font-variant-numeric: tabular-nums; }
  .empty { color: var(--muted-foreground); font-size: 12px; padding: 2px 12px 6px; }
  .empty.pad { padding: 24px 16px; text-align: center; line-height: 1.6; }
  .file { display: grid; grid-template-columns: 16px 1fr auto auto; gap: 8px; align-items: center; width: 100%; text-align: left; border: 0; border-radius: 0; background: none; padding: 2px 12px; font-size: 12px; color: var(--foreground); }
  /* A row off screen is not laid out or painted (500 changed files cost ~55 ms of layout otherwise, bench/dock.mjs). */
  .file { content-visibility: auto; contain-intrinsic-size: auto 19px; }
  .file:hover { background: var(--muted); }
  .file.selected { background: var(--accent); color: var(--accent-foreground); }
  .st { font: 600 11px ui-monospace, "Lich Mono", monospace; text-align: center; }
  .st-A, .st-U { color: #10b981; }
  .st-D { color: var(--destructive); }
  .st-M, .st-T { color: #d97706; }
  .st-R, .st-C { color: #3b82f6; }
  .name { font: 12px ui-monospace, "Lich Mono", monospace; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; direction: rtl; text-align: left; }
  .dir { color: var(--muted-foreground); }
  .counts { font-size: 11px; font-variant-numeric: tabular-nums; color: var(--muted-foreground); white-space: nowrap; }
  .notes { font-size: 10px; line-height: 14px; min-width: 14px; padding: 0 3px; box-sizing: border-box; text-align: center; border-radius: 7px; color: #fff; background: #d97706; }
  .radar { background: color-mix(in oklab, #f59e0b 8%, transparent); border-bottom: 1px solid var(--border); padding-bottom: 8px; }
  .overlap { padding: 2px 12px 4px; font-size: 12px; }
  .overlap .paths { display: flex; flex-wrap: wrap; gap: 4px 10px; margin: 2px 0 6px; }
  .acts { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
  .review .acts { padding: 4px 12px; }
  select { font: inherit; font-size: 12px; max-width: 100%; min-width: 0; flex: 1; background: var(--background); color: var(--foreground); border: 1px solid var(--input); border-radius: 6px; padding: 2px 4px; }
  .comment { display: grid; grid-template-columns: auto 1fr auto; gap: 2px 8px; width: 100%; text-align: left; border: 0; border-radius: 0; background: none; padding: 3px 12px; font-size: 12px; color: var(--foreground); }
  .comment:hover { background: var(--muted); }
  .comment .who { font-weight: 600; }
  .comment.reviewer .who { color: #8b5cf6; }
  .comment .where { font: 11px ui-monospace, "Lich Mono", monospace; color: var(--muted-foreground); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .comment .text { grid-column: 1 / 4; white-space: pre-wrap; overflow-wrap: anywhere; }
  .badge { font-size: 10px; padding: 0 5px; border-radius: 999px; border: 1px solid var(--border); color: var(--muted-foreground); }
  .badge.outdated { color: #d97706; border-color: #d97706; }
  .rounds { padding: 4px 12px 8px; display: flex; flex-direction: column; gap: 6px; }
  .round { border: 1px solid var(--border); border-radius: 6px; padding: 6px 8px; font-size: 12px; }
  .round .line { display: flex; gap: 8px; flex-wrap: wrap; align-items: baseline; }
  .round .status { color: var(--muted-foreground); }
  .round.answered .status { color: #10b981; }
  .round.undelivered .status, .round.lost .status { color: var(--destructive); }
  .round .ticket { color: var(--muted-foreground); font: 11px ui-monospace, "Lich Mono", monospace; }
  .answer { margin-top: 4px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 160px; overflow: auto; border-left: 2px solid var(--border); padding-left: 8px; }
  .land, .prs { border-top: 1px solid var(--border); padding-bottom: 8px; }
  .land .acts, .prs .acts { padding: 4px 12px; }
  .acts.row input[name=message] { flex: 1; min-width: 120px; font: inherit; font-size: 12px; background: var(--background); color: var(--foreground); border: 1px solid var(--input); border-radius: 6px; padding: 3px 6px; }
  .acts.row select { flex: 0 1 auto; }
  .confirm { margin: 4px 12px; padding: 8px; border: 1px solid var(--ring); border-radius: 6px; font-size: 12px; line-height: 1.5; background: var(--muted); }
  .confirm .acts { padding: 6px 0 0; }
  .land-note { margin: 4px 12px; padding: 6px 8px; border-radius: 6px; font-size: 12px; line-height: 1.5; border: 1px solid var(--border); }
  .land-note.ok { border-color: #10b981; }
  .land-note.bad { border-color: var(--destructive); color: var(--foreground); }
  .land-note .acts { padding: 4px 0 0; }
  .conflicted { margin: 4px 0; padding-left: 18px; }
  .conflicted code, .pr .dir { font: 11px ui-monospace, "Lich Mono", monospace; }
  .pr { margin: 2px 12px 4px; font-size: 12px; }
  .pr .line { display: flex; gap: 6px; flex-wrap: wrap; align-items: baseline; }
  .pr .status, .pr .checks { color: var(--muted-foreground); }
  .pr .check.fail { color: var(--destructive); }
  .pr .acts { padding: 4px 0; }
  .pr-form { display: flex; flex-direction: column; gap: 6px; padding: 4px 12px; }
  .pr-form input[name=title], .pr-form textarea { font: inherit; font-size: 12px; background: var(--background); color: var(--foreground); border: 1px solid var(--input); border-radius: 6px; padding: 4px 6px; }
  .pr-form .acts { padding: 0; }
  .pr-list { padding: 2px 12px; display: flex; flex-direction: column; gap: 4px; font-size: 12px; }
  .pr-item { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
  .kind { display: flex; gap: 6px; align-items: center; color: var(--muted-foreground); }
  .diff-pane { flex: 1; min-height: 0; display: flex; flex-direction: column; }
  .diff-bar { display: flex; gap: 8px; align-items: center; padding: 4px 6px 4px 12px; border-bottom: 1px solid var(--border); flex: none; font-size: 12px; }
  .diff-bar .path { flex: 1; min-width: 0; font: 12px ui-monospace, "Lich Mono", monospace; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; direction: rtl; text-align: left; }
  .seg { display: inline-flex; }
  .seg button { border-radius: 0; }
  .seg button:first-child { border-radius: 6px 0 0 6px; }
  .seg button:last-child { border-radius: 0 6px 6px 0; border-left: 0; }
  .seg button[aria-pressed="true"] { background: var(--accent); color: var(--accent-foreground); }
  .whole { display: inline-flex; gap: 4px; align-items: center; white-space: nowrap; color: var(--muted-foreground); }
  .diff-note { padding: 4px 12px; font-size: 12px; color: var(--muted-foreground); border-bottom: 1px solid var(--border); }
  lich-diff { flex: 1; min-height: 0; }
`
