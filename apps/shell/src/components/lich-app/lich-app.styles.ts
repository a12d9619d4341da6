import { css } from "lit"

export const styles = css`
  :host { display: grid; grid-template-rows: 36px 1fr; height: 100vh; background: var(--background); color: var(--foreground); font: 13px/1.4 Geist, Inter, system-ui, sans-serif; }
  .body { display: grid; grid-template-columns: 280px 1fr; min-height: 0; }
  main { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  lich-terminal { flex: 1; }
  .placeholder { margin: auto; color: var(--muted-foreground); text-align: center; max-width: 420px; line-height: 1.6; }
  .placeholder code { font: 12px ui-monospace, monospace; background: var(--muted); padding: 1px 5px; border-radius: 4px; }
  .placeholder .start { margin-left: 8px; font: inherit; padding: 2px 10px; border-radius: 6px; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); cursor: pointer; }
`
