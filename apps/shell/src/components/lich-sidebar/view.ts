/** The sidebar's rows: a header per block that has a title, then its cards. */
import { blockMark, groupCards } from "../../logic/groups.js"
import type { Card } from "../../logic/model.js"
import { isPaletteColor, PALETTE } from "../../logic/tints.js"

export type Row =
  | {
      readonly type: "header"
      readonly key: string
      readonly kind: "folder" | "checkout"
      readonly title: string
      readonly swatch: string
      readonly mark: string
    }
  | { readonly type: "card"; readonly key: string; readonly card: Card }

export const sidebarRows = (cards: ReadonlyArray<Card>): Array<Row> =>
  groupCards(cards).flatMap((g) => [
    ...(g.title === ""
      ? []
      : [
          {
            type: "header" as const,
            key: `h:${g.key}`,
            kind: g.kind,
            title: g.title,
            swatch: isPaletteColor(g.color) ? PALETTE[g.color] : "",
            mark: blockMark(g.cards)
          }
        ]),
    ...g.cards.map((card) => ({ type: "card" as const, key: card.id, card }))
  ])
