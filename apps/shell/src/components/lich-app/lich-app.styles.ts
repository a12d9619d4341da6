import { css } from "lit"

export const styles = css`
  :host { display: grid; grid-template-rows: 36px 1fr 24px; height: 100vh; background: var(--background); color: var(--foreground); font: 13px/1.4 Geist, Inter, system-ui, sans-serif; }
  .body { display: grid; grid-template-columns: 280px 1fr; min-height: 0; }
  /* The dock never takes more than leaves the terminal 260 px (lich-dock clamps a drag the same way). */
  .body.docked { grid-template-columns: 280px minmax(260px, 1fr) min(var(--dock-w), calc(100vw - 540px)); }
  main { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  lich-terminal { flex: 1; }
  .placeholder { margin: auto; color: var(--muted-foreground); text-align: center; max-width: 420px; line-height: 1.6; }
  .placeholder code { font: 12px ui-monospace, monospace; background: var(--muted); padding: 1px 5px; border-radius: 4px; }
  .start { margin-left: 8px; font: inherit; padding: 2px 10px; border-radius: 6px; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); cursor: pointer; }
  .start.primary { background: var(--primary); color: var(--primary-foreground); border-color: var(--primary); }
  kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; padding: 0 5px; background: var(--muted); color: var(--foreground); }
  .first-run { margin: auto; max-width: 560px; line-height: 1.7; padding: 24px; }
  .first-run h1 { font-size: 20px; font-weight: 600; margin: 0 0 12px; }
  .first-run ol { padding-left: 20px; margin: 0 0 12px; }
  .first-run li { margin-bottom: 10px; }
  .first-run p { color: var(--muted-foreground); }
  @media (max-width: 1000px) {
    .body { grid-template-columns: 240px 1fr; }
    .body.docked { grid-template-columns: 240px minmax(260px, 1fr) min(var(--dock-w), calc(100vw - 500px)); }
  }
`
