/**
 * Card colours. The palette is fixed (Tailwind's 500 steps), not theme tokens: a red card stays red
 * in every theme, and the fill mixes it into the theme's accent so it sits in light and dark alike.
 */
import { type Color, isColor } from "@lich/contract"

export const PALETTE = {
  red: "#ef4444",
  orange: "#f97316",
  amber: "#f59e0b",
  green: "#22c55e",
  teal: "#14b8a6",
  blue: "#3b82f6",
  violet: "#8b5cf6",
  pink: "#ec4899"
} as const satisfies Record<Color, string>

/** The contract's palette names the colours; this file only says how each one looks. */
export type PaletteColor = Color
export const isPaletteColor = isColor

/** How much tint goes into the fill: at rest a hint, stronger as the card is hovered, shown, pressed. */
export const TINT_PERCENT = { rest: 10, hover: 22, showing: 26, active: 38 } as const
export type TintState = keyof typeof TINT_PERCENT

/** The card's background for `state`, or undefined for a card without a colour (the theme paints it). */
export const tintFill = (color: string, state: TintState): string | undefined =>
  isPaletteColor(color) ? `color-mix(in oklab, ${PALETTE[color]} ${TINT_PERCENT[state]}%, var(--accent))` : undefined

/** Custom properties a tinted card carries; its stylesheet picks the one for its state. */
export const tintVars = (color: string): Record<string, string> => {
  if (!isPaletteColor(color)) return {}
  const out: Record<string, string> = { "--tint": PALETTE[color] }
  for (const s of Object.keys(TINT_PERCENT) as Array<TintState>) out[`--tint-${s}`] = tintFill(color, s)!
  return out
}
