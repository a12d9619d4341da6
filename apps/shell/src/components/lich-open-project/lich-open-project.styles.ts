import { css } from "lit"
import { dialogStyles } from "../dialog.styles.js"

export const styles = [
  dialogStyles,
  css`
  .field { padding: 4px 16px 8px; }
  .field input { width: 100%; box-sizing: border-box; font-size: 14px; padding: 8px 10px; }
  .list { padding: 0 6px 8px; overflow-y: auto; }
`
]
