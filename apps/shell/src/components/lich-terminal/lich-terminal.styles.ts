import xtermCss from "@xterm/xterm/css/xterm.css"
import { css, unsafeCSS } from "lit"

export const styles = [
  // xterm's own sheet must live inside this shadow root: the document's styles do not reach in.
  unsafeCSS(xtermCss),
  css`
    :host { display: flex; flex-direction: column; min-height: 0; min-width: 0; background: var(--term-bg, var(--background)); position: relative; }
    .host { flex: 1; min-height: 0; padding: 6px 0 0 8px; }
    .search { position: absolute; top: 8px; right: 16px; z-index: 3; display: flex; gap: 4px; background: var(--popover); border: 1px solid var(--border); border-radius: 6px; padding: 4px; }
    .search input { font: 12px ui-monospace, monospace; background: var(--background); color: var(--foreground); border: 1px solid var(--input); border-radius: 4px; padding: 2px 6px; width: 180px; }
    .exited { position: absolute; bottom: 10px; left: 50%; transform: translateX(-50%); font-size: 12px; color: var(--muted-foreground); background: var(--popover); border: 1px solid var(--border); border-radius: 6px; padding: 4px 10px; }
  `
]
